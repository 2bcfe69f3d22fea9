import { api, PERMISSION_NAMES, REGISTRATION_TOKEN_TTL_MS, RESET_TOKEN_TTL_MS, TOKEN_TTL_MS } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { createOrganisation } from '../../../test/factories/organisations.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createRole, createSignedInUser, createUser } from '../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { sessions } from '../../db/schema/index.js';
import { DEMO_ROLE_PERMISSIONS } from '../../demo/seed.js';
import { TestClock } from '../../lib/clock.js';
import { createSession } from './auth.repository.js';
import { KNOWN_ADDRESS_MS } from './auth.service.js';
import { registerCustomer } from './customer-registration.js';

/**
 * Issue 26: sessions, links and the known-address window follow the context's clock, so
 * each test moves a TestClock past the edge instead of sleeping or rewriting rows. Every
 * test makes its own users and measures from its own start, wherever the clock stands.
 */
const clock = new TestClock(Date.UTC(2026, 0, 5, 9));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const PASSWORD = 'clock-test-1';

let lastAddress = 0;
/** An address no other request of this file came from, so only the limit under test applies. */
function freshAddress(): string {
  lastAddress += 1;
  return `198.51.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
}

function login(email: string, password: string, from = freshAddress()) {
  return callApi({ app: ctx.app }, api.auth.login, { remoteAddress: from, body: { email, password } });
}

async function employee() {
  return createUser(db(), { orgId: await createOrganisation(db()), password: PASSWORD });
}

async function sessionRow(userId: number) {
  const [row] = await db().select().from(sessions).where(eq(sessions.userId, userId));
  return row!;
}

describe('sessions by the context clock', () => {
  it('start at the clock, slide with each use, and end 36 hours after the last', async () => {
    const user = await employee();
    const start = clock.nowMs();
    const { token } = (await login(user.email, PASSWORD)).json();
    const row = await sessionRow(user.id);
    expect(row.createdAt.getTime()).toBe(start);
    expect(row.expiresAt.getTime()).toBe(start + TOKEN_TTL_MS);

    clock.advance(TOKEN_TTL_MS - 60_000);
    expect((await callApi(ctx, api.auth.me, { token })).statusCode).toBe(200);
    expect((await sessionRow(user.id)).expiresAt.getTime()).toBe(clock.nowMs() + TOKEN_TTL_MS);
    // Past the first expiry: alive only because the use above slid it.
    clock.advance(TOKEN_TTL_MS - 60_000);
    expect((await callApi(ctx, api.auth.me, { token })).statusCode).toBe(200);
    clock.advance(TOKEN_TTL_MS);
    expect((await callApi(ctx, api.auth.me, { token })).statusCode).toBe(401);
  });

  it('end a customer’s session of the app 36 hours after its last use', async () => {
    const { id } = await registerCustomer(db(), {
      orgId: await createOrganisation(db()),
      name: uniqueName('Customer'),
      email: `${uniqueName('clock').replace(' ', '-')}@example.com`,
      phone: `+38063${String(1_000_000 + Math.floor(Math.random() * 8_999_999))}`,
    });
    const token = await createSession(db(), { userId: id }, clock.now());
    clock.advance(TOKEN_TTL_MS - 60_000);
    expect((await callApi(ctx, api.customerApp.me, { token })).statusCode).toBe(200);
    clock.advance(TOKEN_TTL_MS - 60_000);
    expect((await callApi(ctx, api.customerApp.me, { token })).statusCode).toBe(200);
    clock.advance(TOKEN_TTL_MS);
    expect((await callApi(ctx, api.customerApp.me, { token })).statusCode).toBe(401);
  });

  it('let the real user through from an address they signed in from within 30 days of the clock', async () => {
    const user = await employee();
    const home = freshAddress();
    const slowedDown = async () => {
      for (let i = 0; i < 10; i++) expect((await login(user.email, 'wrong-password')).statusCode).toBe(401);
      expect((await login(user.email, 'another-guess')).statusCode).toBe(429);
    };
    expect((await login(user.email, PASSWORD, home)).statusCode).toBe(200);

    clock.advance(KNOWN_ADDRESS_MS - 60_000);
    await slowedDown();
    // Signed in from home 30 days less a minute ago: known, let through (and known anew).
    expect((await login(user.email, PASSWORD, home)).statusCode).toBe(200);

    clock.advance(KNOWN_ADDRESS_MS + 60_000);
    await slowedDown();
    expect((await login(user.email, PASSWORD, home)).statusCode).toBe(429);
  });
});

describe('links by the context clock', () => {
  it('a reset link works for an hour after it was mailed, then not', async () => {
    const user = await employee();
    const asked = await callApi({ app: ctx.app }, api.auth.requestPasswordReset, {
      remoteAddress: freshAddress(),
      body: { email: user.email },
    });
    expect(asked.statusCode).toBe(200);
    const mail = (await ctx.mails()).findLast((sent) => sent.to === user.email);
    const token = mail!.body.match(/reset\/password\/([\w-]+)/)![1]!;

    clock.advance(RESET_TOKEN_TTL_MS - 1_000);
    expect((await callApi(ctx, api.auth.resetToken, { params: { token } })).statusCode).toBe(200);
    clock.advance(1_000);
    expect((await callApi(ctx, api.auth.resetToken, { params: { token } })).statusCode).toBe(404);
    const payload = { password: 'brand-new-pass', password_confirmation: 'brand-new-pass' };
    expect((await callApi(ctx, api.auth.resetPassword, { params: { token }, body: payload })).statusCode).toBe(404);
  });

  it('an invitation works for seven days after it was issued, then not', async () => {
    // A factory session neither expires nor slides, wherever the moved clock stands.
    const orgId = await createOrganisation(db());
    const admin = await createSignedInUser(db(), { orgId, permissions: PERMISSION_NAMES });
    const roleId = await createRole(db(), { orgId, permissions: DEMO_ROLE_PERMISSIONS.courier });
    const email = `${uniqueName('invited').toLowerCase().replace(/\W+/g, '.')}@vitrina.local`;
    const created = await callApi(ctx, api.user.create, {
      token: admin.token,
      body: { name: 'Invited On The Clock', email, org_id: orgId, role_id: roleId },
    });
    expect(created.statusCode).toBe(200);
    const token = created.json().invitation_link!.split('/registration/')[1]!;

    clock.advance(REGISTRATION_TOKEN_TTL_MS - 1_000);
    expect((await callApi(ctx, api.auth.invitation, { params: { token } })).statusCode).toBe(200);
    clock.advance(1_000);
    expect((await callApi(ctx, api.auth.invitation, { params: { token } })).statusCode).toBe(404);
  });
});
