import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, ORG, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
let stockerRoleId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const role = await call(ctx, 'POST', '/v1/role/create', {
    token: await ctx.login('admin'),
    payload: { name: 'Stocker', permissions: ['show_dashboard_page', 'show_users_page', 'edit_users'] },
  });
  stockerRoleId = role.json().id;
});
afterAll(() => ctx.close());

/** A user of their own per test, so one test's revocations do not touch another's. */
async function newUser(email: string, password: string): Promise<number> {
  const response = await call(ctx, 'POST', '/v1/user/create', {
    token: await ctx.login('admin'),
    payload: { name: email, email, org_id: ORG.main, role_id: stockerRoleId, password },
  });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json().id;
}

async function signIn(email: string, password: string): Promise<string> {
  const response = await call(ctx, 'POST', '/v1/user/login', { payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json().token;
}

async function isSignedIn(token: string): Promise<boolean> {
  const response = await call(ctx, 'GET', '/v1/user/me', { token });
  return response.statusCode === 200;
}

describe('changing who can sign in ends the sessions of the old credentials', () => {
  it.each([
    ['password', { password: 'brand-new-pass-1' }],
    ['email', { email: 'moved.mail@vitrina.local' }],
  ])('ends every session of the user when someone else changes their %s', async (field, payload) => {
    const email = `victim.${field}@vitrina.local`;
    const id = await newUser(email, 'victim-pass-1');
    const phone = await signIn(email, 'victim-pass-1');
    const laptop = await signIn(email, 'victim-pass-1');
    const admin = await ctx.login('admin');
    const response = await call(ctx, 'POST', `/v1/user/update/${id}`, { token: admin, payload });
    expect(response.statusCode).toBe(200);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(false);
    expect(await isSignedIn(admin)).toBe(true);
  });

  it('keeps the current session and ends the others when users change their own password', async () => {
    const email = 'self.change@vitrina.local';
    const id = await newUser(email, 'self-pass-1');
    const current = await signIn(email, 'self-pass-1');
    const other = await signIn(email, 'self-pass-1');
    const response = await call(ctx, 'POST', `/v1/user/update/${id}`, {
      token: current,
      payload: { password: 'self-pass-2' },
    });
    expect(response.statusCode).toBe(200);
    expect(await isSignedIn(current)).toBe(true);
    expect(await isSignedIn(other)).toBe(false);
  });

  it('ends every session of a disabled user, for good: enabling them again does not revive them', async () => {
    const email = 'disabled.later@vitrina.local';
    const id = await newUser(email, 'disabled-pass-1');
    const token = await signIn(email, 'disabled-pass-1');
    const admin = await ctx.login('admin');
    expect(
      (await call(ctx, 'POST', `/v1/user/update/${id}`, { token: admin, payload: { active: false } })).statusCode,
    ).toBe(200);
    expect(
      (await call(ctx, 'POST', `/v1/user/update/${id}`, { token: admin, payload: { active: true } })).statusCode,
    ).toBe(200);
    expect(await isSignedIn(token)).toBe(false);
    expect(await isSignedIn(await signIn(email, 'disabled-pass-1'))).toBe(true);
  });

  it('leaves sessions alone for changes that do not touch sign-in', async () => {
    const email = 'renamed.only@vitrina.local';
    const id = await newUser(email, 'renamed-pass-1');
    const token = await signIn(email, 'renamed-pass-1');
    const response = await call(ctx, 'POST', `/v1/user/update/${id}`, {
      token: await ctx.login('admin'),
      payload: { name: 'Renamed', phones: ['+380501110000'], email },
    });
    expect(response.statusCode).toBe(200);
    expect(await isSignedIn(token)).toBe(true);
  });
});
