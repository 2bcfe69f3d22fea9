import { api, PERMISSION_NAMES, TOKEN_TTL_MS } from '@vitrina/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiErrorBody, callApi, okApi } from '../../../test/api-client.js';
import { createOrganisation } from '../../../test/factories/organisations.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createPlatformAdmin, createRole, createSignedInUser, createUser } from '../../../test/factories/users.js';
import { call, createTestContext, type TestContext } from '../../../test/helper.js';
import { jobs, sessions, users, userTokens } from '../../db/schema/index.js';
import { DEMO_ROLE_PERMISSIONS } from '../../demo/seed.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A holder of every permission, in an organisation of its own. */
async function platformAdmin() {
  const db = ctx.database.db;
  const orgId = await createOrganisation(db);
  return { orgId, ...(await createPlatformAdmin(db, orgId)) };
}

/** A user who signs in with a password, in an organisation of their own. */
async function withPassword(password: string, options: { email?: string; roleId?: number } = {}) {
  const db = ctx.database.db;
  const user = await createUser(db, {
    orgId: await createOrganisation(db),
    permissions: DEMO_ROLE_PERMISSIONS.operator,
    password,
    ...options,
  });
  return { ...user, password };
}

describe('POST /v1/user/login', () => {
  it('trims the email, answers a token and the default page', async () => {
    await withPassword('operator123', { email: 'trim.operator@factory.test' });
    const response = await callApi(ctx, api.auth.login, {
      body: { email: '  Trim.Operator@Factory.test ', password: 'operator123' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.default_page).toBe('dashboard');
    expect(body.token.length).toBeGreaterThanOrEqual(22);
  });

  it('lands the courier on the courier workspace', async () => {
    const admin = await platformAdmin();
    const role = await okApi(ctx, api.role.create, {
      token: admin.token,
      body: { name: 'Courier shift', default_page: 'dubai_courier', permissions: [...DEMO_ROLE_PERMISSIONS.courier] },
    });
    const courier = await withPassword('courier123', { roleId: role.id });
    const response = await callApi(ctx, api.auth.login, { body: { email: courier.email, password: courier.password } });
    expect(response.json().default_page).toBe('dubai_courier');
  });

  it('answers the same for a wrong password and an unknown email', async () => {
    const support = await withPassword('support123');
    const wrong = await callApi(ctx, api.auth.login, { body: { email: support.email, password: 'nope-nope' } });
    const unknown = await callApi(ctx, api.auth.login, {
      body: { email: 'ghost@vitrina.local', password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.error().message).toBe('Wrong email or password');
  });

  it('names the failing fields in the caller’s language', async () => {
    const response = await callApi(ctx, api.auth.login, { lang: 'pl', body: { email: 'not-an-email', password: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.error().fields).toEqual({
      email: 'Podaj poprawny adres e-mail',
      password: 'To pole jest wymagane',
    });
  });

  it('limits repeated failures with 429', async () => {
    const password = 'right-password';
    const user = await createUser(ctx.database.db, { orgId: await createOrganisation(ctx.database.db), password });
    const payload = { email: user.email, password: 'wrong-password' };
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await callApi(ctx, api.auth.login, { body: payload })).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    const blocked = await callApi(ctx, api.auth.login, { body: { email: user.email, password } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.error().message).toMatch(/Too many attempts/);
  });
});

describe('GET /v1/user/me', () => {
  it('answers the user with the permissions of their role', async () => {
    // The seed's support user: org_id 1 is the seed's main organisation, which no test can make.
    const response = await callApi(ctx, api.auth.me, { token: await ctx.login('support') });
    expect(response.statusCode).toBe(200);
    const me = response.json();
    expect(me).toMatchObject({ name: 'Iryna Shevchuk', currency: 'UAH', lang: 'en', org_id: 1, acting_as: null });
    expect(me.roles).toEqual([
      'show_dashboard_page',
      'show_support_page',
      'show_ticket_system_page',
      'show_users_page',
    ]);
    expect(me).not.toHaveProperty('password_hash');
  });

  it('answers 401 with a made-up token', async () => {
    expect((await callApi(ctx, api.auth.me, { token: 'made-up' })).statusCode).toBe(401);
  });

  it('answers 401 once the token has not been used for 36 hours', async () => {
    const { id, token } = await createSignedInUser(ctx.database.db, {
      orgId: await createOrganisation(ctx.database.db),
    });
    await ctx.database.db.execute(
      sql`update ${sessions} set expires_at = now() - interval '1 second', last_used_at = now() - ${`${TOKEN_TTL_MS} milliseconds`}::interval where user_id = ${id}`,
    );
    const response = await callApi(ctx, api.auth.me, { token, lang: 'ua' });
    expect(response.statusCode).toBe(401);
    expect(response.error().message).toBe('Сесія завершилась, увійдіть знову');
  });

  it('slides the expiry forward on use', async () => {
    const { id, token } = await createSignedInUser(ctx.database.db, {
      orgId: await createOrganisation(ctx.database.db),
    });
    await ctx.database.db.execute(
      sql`update ${sessions} set last_used_at = now() - interval '1 hour', expires_at = now() + interval '35 hours' where user_id = ${id}`,
    );
    expect((await callApi(ctx, api.auth.me, { token })).statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, id))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + TOKEN_TTL_MS - 60_000);
  });
});

describe('POST /v1/user/logout', () => {
  it('revokes the token', async () => {
    const operator = await withPassword('operator123');
    const token = (
      await callApi(ctx, api.auth.login, { body: { email: operator.email, password: 'operator123' } })
    ).json().token;
    expect((await callApi(ctx, api.auth.logout, { token })).statusCode).toBe(200);
    expect((await callApi(ctx, api.auth.me, { token })).statusCode).toBe(401);
  });
});

describe('disabling a user and changing their role', () => {
  it('takes effect on their next call', async () => {
    const { token: admin, orgId } = await platformAdmin();
    const db = ctx.database.db;
    const operatorRole = await createRole(db, { orgId, permissions: DEMO_ROLE_PERMISSIONS.operator });
    const courierRole = await createRole(db, { orgId, permissions: DEMO_ROLE_PERMISSIONS.courier });
    const created = await callApi(ctx, api.user.create, {
      token: admin,
      body: {
        name: 'Temp Operator',
        email: 'temp.op@vitrina.local',
        org_id: orgId,
        role_id: operatorRole,
        password: 'temp-pass-1',
      },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().id;
    const token = (
      await callApi(ctx, api.auth.login, { body: { email: 'temp.op@vitrina.local', password: 'temp-pass-1' } })
    ).json().token;
    expect((await callApi(ctx, api.user.list, { token })).statusCode).toBe(200);

    await callApi(ctx, api.user.update, { params: { id }, token: admin, body: { role_id: courierRole } });
    expect((await callApi(ctx, api.user.list, { token })).statusCode).toBe(403);

    await callApi(ctx, api.user.update, { params: { id }, token: admin, body: { active: false } });
    expect((await callApi(ctx, api.auth.me, { token })).statusCode).toBe(401);
    const again = await callApi(ctx, api.auth.login, {
      body: { email: 'temp.op@vitrina.local', password: 'temp-pass-1' },
    });
    expect(again.statusCode).toBe(401);
    expect(again.error().message).toBe('This account is disabled');
  });
});

describe('role switching', () => {
  // Role 3 is the seed's platform role Courier: the answer names its id and name.
  it('works as another role, is audited, and goes back', async () => {
    const orgId = await createOrganisation(ctx.database.db);
    const { id, token } = await createSignedInUser(ctx.database.db, { orgId, permissions: PERMISSION_NAMES });
    const switched = await callApi(ctx, api.auth.switchRole, { token, body: { role_id: 3 } });
    expect(switched.statusCode).toBe(200);
    const roleToken = switched.json().token;
    expect((await callApi(ctx, api.auth.me, { token })).statusCode).toBe(401);

    const me = (await callApi(ctx, api.auth.me, { token: roleToken })).json();
    expect(me.id).toBe(id);
    expect(me.acting_as).toEqual({ role_id: 3, role_name: 'Courier' });
    expect(me.roles).not.toContain('show_users_page');
    expect((await callApi(ctx, api.user.list, { token: roleToken })).statusCode).toBe(403);

    const back = await callApi(ctx, api.auth.switchBack, { token: roleToken });
    expect(back.statusCode).toBe(200);
    const meBack = (await callApi(ctx, api.auth.me, { token: back.json().token })).json();
    expect(meBack.acting_as).toBeNull();
    expect(meBack.roles).toContain('show_users_page');

    const audit = await ctx.database.db.execute(
      sql`select action from audit_log where entity = 'user' and entity_id = ${String(id)} order by id`,
    );
    const actions = (audit as unknown as { rows: { action: string }[] }).rows.map((row) => row.action);
    expect(actions).toEqual(['switch_role', 'switch_role_back']);
  });

  it('answers 403 without switch_role and 409 when not switched', async () => {
    const tenant = await createTenant(ctx.database.db);
    const operator = await tenant.token('operator');
    const { roleId } = await tenant.user('courier');
    expect((await callApi(ctx, api.auth.switchRole, { token: operator, body: { role_id: roleId } })).statusCode).toBe(
      403,
    );
    expect((await callApi(ctx, api.auth.switchBack, { token: operator })).statusCode).toBe(409);
  });

  it('answers 400 for a bad body and 404 for an unknown role', async () => {
    const { token } = await platformAdmin();
    // A role id that is not a number: the contract does not allow it, so it goes raw.
    const badBody = await call(ctx, 'POST', api.auth.switchRole.path, { token, payload: { role_id: 'x' } });
    expect(badBody.statusCode).toBe(400);
    expect((await callApi(ctx, api.auth.switchRole, { token, body: { role_id: 999 } })).statusCode).toBe(404);
  });
});

describe('registration by invitation', () => {
  it('registers an invited user once, through the mailed link', async () => {
    const { token: admin, orgId } = await platformAdmin();
    const roleId = await createRole(ctx.database.db, { orgId, permissions: DEMO_ROLE_PERMISSIONS.support });
    const created = await callApi(ctx, api.user.create, {
      token: admin,
      body: { name: 'Invited Person', email: 'invited@vitrina.local', org_id: orgId, role_id: roleId },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().registered).toBe(false);
    const link = created.json().invitation_link!;
    expect((await ctx.mails()).at(-1)?.body).toContain(link);
    const token = link.split('/registration/')[1]!;

    const info = await callApi(ctx, api.auth.invitation, { params: { token } });
    expect(info.json()).toEqual({ email: 'invited@vitrina.local', name: 'Invited Person' });

    const mismatch = await callApi(ctx, api.auth.register, {
      body: {
        token,
        name: 'Invited',
        email: 'invited@vitrina.local',
        password: 'secret-123',
        password_confirmation: 'secret-124',
        terms_agreed: true,
      },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.error().fields?.password_confirmation).toBe('The password and its confirmation do not match');
    // Terms not agreed: the contract only takes `true`, so it goes raw.
    const noTerms = await call(ctx, 'POST', api.auth.register.path, {
      payload: {
        token,
        name: 'Invited',
        email: 'invited@vitrina.local',
        password: 'secret-123',
        password_confirmation: 'secret-123',
        terms_agreed: false,
      },
    });
    expect(noTerms.json<ApiErrorBody>().fields?.terms_agreed).toBe('You must agree to the Terms of Service');

    const body = {
      token,
      name: 'Invited Person',
      email: 'invited@vitrina.local',
      password: 'secret-123',
      password_confirmation: 'secret-123',
      terms_agreed: true as const,
    };
    const registered = await callApi(ctx, api.auth.register, { body });
    expect(registered.statusCode).toBe(200);
    expect((await callApi(ctx, api.auth.me, { token: registered.json().token })).json().email).toBe(
      'invited@vitrina.local',
    );
    expect((await callApi(ctx, api.auth.register, { body })).statusCode).toBe(404);
    expect((await callApi(ctx, api.auth.invitation, { params: { token } })).statusCode).toBe(404);
  });
});

describe('password reset', () => {
  it('mails a single-use link that sets a new password and ends other sessions', async () => {
    const orgId = await createOrganisation(ctx.database.db);
    // Only registered users (those with a password) get a reset link.
    const user = await createSignedInUser(ctx.database.db, { orgId, password: 'old-password-1' });
    const oldToken = user.token;
    const before = (await ctx.mails()).length;
    expect((await callApi(ctx, api.auth.requestPasswordReset, { body: { email: user.email } })).statusCode).toBe(200);
    expect(
      (await callApi(ctx, api.auth.requestPasswordReset, { body: { email: 'nobody@vitrina.local' } })).statusCode,
    ).toBe(200);
    const mails = await ctx.mails();
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)!.to).toBe(user.email);
    const token = mails.at(-1)!.body.match(/reset\/password\/([\w-]+)/)![1]!;

    expect((await callApi(ctx, api.auth.resetToken, { params: { token } })).json()).toEqual({
      email: user.email,
    });
    const short = await callApi(ctx, api.auth.resetPassword, {
      params: { token },
      body: { password: 'short', password_confirmation: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.error().fields?.password).toBe('The password must be at least 8 characters long');

    const payload = { password: 'brand-new-pass', password_confirmation: 'brand-new-pass' };
    expect((await callApi(ctx, api.auth.resetPassword, { params: { token }, body: payload })).statusCode).toBe(200);
    expect((await callApi(ctx, api.auth.resetPassword, { params: { token }, body: payload })).statusCode).toBe(404);
    expect((await callApi(ctx, api.auth.me, { token: oldToken })).statusCode).toBe(401);
    const login = await callApi(ctx, api.auth.login, { body: { email: user.email, password: 'brand-new-pass' } });
    expect(login.statusCode).toBe(200);
  });

  it('answers a real and an unknown email alike: neither request looks the account up, a job does', async () => {
    const user = await createSignedInUser(ctx.database.db, {
      orgId: await createOrganisation(ctx.database.db),
      password: 'old-password-1',
    });
    const resetTokens = async () =>
      (
        await ctx.database.db
          .select({ id: userTokens.id })
          .from(userTokens)
          .where(and(eq(userTokens.userId, user.id), eq(userTokens.kind, 'reset')))
      ).length;
    const queued = async () =>
      (await ctx.database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, 'auth.reset-mail'))).length;
    const jobsBefore = await queued();
    for (const email of [user.email, `nobody-${user.id}@vitrina.local`]) {
      expect((await callApi(ctx, api.auth.requestPasswordReset, { body: { email } })).statusCode).toBe(200);
    }
    // Both requests queued the same job, and nothing about the account was touched yet.
    expect(await queued()).toBe(jobsBefore + 2);
    expect(await resetTokens()).toBe(0);
    expect((await ctx.mails()).filter((mail) => mail.to === user.email)).toHaveLength(1);
    expect(await resetTokens()).toBe(1);
  });

  it('answers 400 for a bad email and 404 for an unknown link', async () => {
    expect((await callApi(ctx, api.auth.requestPasswordReset, { body: { email: 'nope' } })).statusCode).toBe(400);
    const unknown = await callApi(ctx, api.auth.resetToken, { params: { token: 'unknown-token' }, lang: 'it' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.error().message).toBe('Questo link non è valido o è scaduto');
  });
});

describe('stored secrets', () => {
  it('keeps only hashes of passwords and tokens', async () => {
    // The app writes both: the password through user create, the token through sign-in.
    const admin = await platformAdmin();
    const { id } = await okApi(ctx, api.user.create, {
      token: admin.token,
      body: { name: 'Hashed', email: 'hashed@factory.test', org_id: admin.orgId, password: 'hashed-pass-1' },
    });
    const token = (
      await callApi(ctx, api.auth.login, { body: { email: 'hashed@factory.test', password: 'hashed-pass-1' } })
    ).json().token;
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, id));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    const rows = await ctx.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
  });
});
