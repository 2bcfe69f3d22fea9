import { api, PERMISSION_NAMES } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { createOrganisation } from '../../../test/factories/organisations.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
let stockerRoleId: number;
/** The organisation of this file's users, and its administrator's session. */
let orgId: number;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  orgId = await createOrganisation(ctx.database.db);
  adminToken = (await createSignedInUser(ctx.database.db, { orgId, permissions: PERMISSION_NAMES })).token;
  const role = await callApi(ctx, api.role.create, {
    token: adminToken,
    body: { name: 'Stocker', permissions: ['show_dashboard_page', 'show_users_page', 'edit_users'] },
  });
  stockerRoleId = role.json().id;
});
afterAll(() => ctx.close());

/** A user of their own per test, so one test's revocations do not touch another's. */
async function newUser(email: string, password: string): Promise<number> {
  const response = await callApi(ctx, api.user.create, {
    token: adminToken,
    body: { name: email, email, org_id: orgId, role_id: stockerRoleId, password },
  });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json().id;
}

async function signIn(email: string, password: string): Promise<string> {
  const response = await callApi(ctx, api.auth.login, { body: { email, password } });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json().token;
}

async function isSignedIn(token: string): Promise<boolean> {
  const response = await callApi(ctx, api.auth.me, { token });
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
    const admin = adminToken;
    const response = await callApi(ctx, api.user.update, { params: { id }, token: admin, body: payload });
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
    const response = await callApi(ctx, api.user.update, {
      params: { id },
      token: current,
      body: { password: 'self-pass-2' },
    });
    expect(response.statusCode).toBe(200);
    expect(await isSignedIn(current)).toBe(true);
    expect(await isSignedIn(other)).toBe(false);
  });

  it('ends every session of a disabled user, for good: enabling them again does not revive them', async () => {
    const email = 'disabled.later@vitrina.local';
    const id = await newUser(email, 'disabled-pass-1');
    const token = await signIn(email, 'disabled-pass-1');
    const admin = adminToken;
    expect(
      (await callApi(ctx, api.user.update, { params: { id }, token: admin, body: { active: false } })).statusCode,
    ).toBe(200);
    expect(
      (await callApi(ctx, api.user.update, { params: { id }, token: admin, body: { active: true } })).statusCode,
    ).toBe(200);
    expect(await isSignedIn(token)).toBe(false);
    expect(await isSignedIn(await signIn(email, 'disabled-pass-1'))).toBe(true);
  });

  it('leaves sessions alone for changes that do not touch sign-in', async () => {
    const email = 'renamed.only@vitrina.local';
    const id = await newUser(email, 'renamed-pass-1');
    const token = await signIn(email, 'renamed-pass-1');
    const response = await callApi(ctx, api.user.update, {
      params: { id },
      token: adminToken,
      body: { name: 'Renamed', phones: ['+380501110000'], email },
    });
    expect(response.statusCode).toBe(200);
    expect(await isSignedIn(token)).toBe(true);
  });
});
