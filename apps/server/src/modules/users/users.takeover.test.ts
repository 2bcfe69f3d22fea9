import { api } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiRequest, callApi, okApi } from '../../../test/api-client.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createPlatformAdmin, createSession, createUser as createUserRow } from '../../../test/factories/users.js';
import { createTestContext, DEMO, ORG, type TestContext } from '../../../test/helper.js';
import { DEMO_ROLE_PERMISSIONS } from '../../demo/seed.js';

/**
 * Most tests make their own tenant. The ones that name user 1 (the first platform admin, whom
 * only user 1 may change), the seed's users or its role ids read the seed, as set up below.
 * Seeded: user 1 the platform admin, 2 the operator, 5 the Krakow franchisor; role 1 Platform admin, 2 Operator.
 */
const ROLE = { platformAdmin: 1, operator: 2, courier: 3 } as const;

let ctx: TestContext;
let secondAdminId: number;
let krakowOperatorId: number;

async function createUser(payload: ApiRequest<typeof api.user.create>['body']): Promise<number> {
  const response = await callApi(ctx, api.user.create, { token: await ctx.login('admin'), body: payload });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json().id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  secondAdminId = await createUser({
    name: 'Second Admin',
    email: 'admin2@vitrina.local',
    org_id: ORG.main,
    role_id: ROLE.platformAdmin,
    password: 'second-admin-1',
  });
  krakowOperatorId = await createUser({
    name: 'Krakow Operator',
    email: 'krakow.operator@vitrina.local',
    org_id: ORG.krakow,
    role_id: ROLE.operator,
    password: 'krakow-operator-1',
  });
});
afterAll(() => ctx.close());

/** A fresh tenant (operator, franchisor, ... on demand) and a platform admin of its main organisation. */
async function peopledTenant() {
  const db = ctx.database.db;
  const tenant = await createTenant(db);
  const admin = await createPlatformAdmin(db, tenant.org.main);
  /** A platform admin who has not registered yet, made through the API so it has an invitation. */
  const invitedAdmin = async () =>
    (
      await okApi(ctx, api.user.create, {
        token: admin.token,
        body: {
          name: 'Invited Admin',
          email: `invited.${admin.id}@factory.test`,
          org_id: tenant.org.main,
          role_id: admin.roleId,
        },
      })
    ).id;
  return { tenant, admin, invitedAdmin };
}

/** Every field of the update form, each a way to take an account over or to harm it. */
const EVERY_FIELD: Record<string, object> = {
  password: { password: 'taken-over-1' },
  email: { email: 'attacker@evil.test' },
  active: { active: false },
  role_id: { role_id: ROLE.courier },
  org_id: { org_id: ORG.krakow },
  name: { name: 'Renamed' },
  phones: { phones: ['+380000000001'] },
  push_limit_important: { push_limit_important: 999 },
  user_type: { user_type: 1 },
  lang: { lang: 'ua' },
};

describe('a user with more permissions than the caller cannot be changed by the caller', () => {
  // The seed's: the targets include user 1, and the answer names role 1.
  it.each(Object.entries(EVERY_FIELD))('the operator cannot change %s of a platform admin', async (_field, payload) => {
    const operator = await ctx.login('operator');
    for (const target of [1, secondAdminId]) {
      const response = await callApi(ctx, api.user.update, { params: { id: target }, token: operator, body: payload });
      expect(response.statusCode).toBe(403);
    }
    const info = (
      await callApi(ctx, api.user.info, { params: { id: secondAdminId }, token: await ctx.login('admin') })
    ).json();
    expect(info).toMatchObject({ email: 'admin2@vitrina.local', active: true, role_id: ROLE.platformAdmin });
  });

  it('keeps the platform admin’s password: the operator cannot sign in with one it chose', async () => {
    const { tenant, admin } = await peopledTenant();
    await callApi(ctx, api.user.update, {
      params: { id: admin.id },
      token: await tenant.token('operator'),
      body: { password: 'operator-chose-1' },
    });
    const login = await callApi(ctx, api.auth.login, {
      body: { email: admin.email, password: 'operator-chose-1' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('explains the refusal in the caller’s language', async () => {
    const { tenant, admin } = await peopledTenant();
    const response = await callApi(ctx, api.user.update, {
      params: { id: admin.id },
      token: await tenant.token('operator'),
      body: { name: 'X' },
      lang: 'pl',
    });
    expect(response.statusCode).toBe(403);
    expect(response.error().message).toBe(
      'Nie możesz zmienić użytkownika, który ma uprawnienia, których nie posiadasz',
    );
  });

  it('inside a sub-organisation, the franchisor cannot take over a user with permissions it lacks', async () => {
    const { tenant } = await peopledTenant();
    const franchisor = await tenant.token('franchisor');
    const krakowOperator = await createUserRow(ctx.database.db, {
      orgId: tenant.org.krakow,
      permissions: DEMO_ROLE_PERMISSIONS.operator,
      password: 'krakow-operator-1',
    });
    const password = await callApi(ctx, api.user.update, {
      params: { id: krakowOperator.id },
      token: franchisor,
      body: { password: 'franchisor-chose-1' },
    });
    expect(password.statusCode).toBe(403);
    const login = await callApi(ctx, api.auth.login, {
      body: { email: krakowOperator.email, password: 'franchisor-chose-1' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('still lets the caller change users whose permissions it holds', async () => {
    const { tenant, admin } = await peopledTenant();
    const franchisor = await tenant.token('franchisor');
    const role = await callApi(ctx, api.role.create, {
      token: franchisor,
      body: { name: 'Krakow cashier', permissions: ['show_dashboard_page'] },
    });
    const created = await callApi(ctx, api.user.create, {
      token: franchisor,
      body: {
        name: 'Cashier',
        email: 'cashier.krk@vitrina.local',
        org_id: tenant.org.krakow,
        role_id: role.json().id,
      },
    });
    expect(created.statusCode).toBe(200);
    const renamed = await callApi(ctx, api.user.update, {
      params: { id: created.json().id },
      token: franchisor,
      body: { name: 'Cashier Two', password: 'cashier-two-1' },
    });
    expect(renamed.statusCode).toBe(200);
    const stocker = await callApi(ctx, api.role.create, {
      token: admin.token,
      body: { name: 'Shelf stocker', permissions: ['show_dashboard_page', 'show_products_page'] },
    });
    const { id: stockerId } = await okApi(ctx, api.user.create, {
      token: admin.token,
      body: {
        name: 'Stocker',
        email: 'stocker@vitrina.local',
        org_id: tenant.org.main,
        role_id: stocker.json().id,
        password: 'stocker-pass-1',
      },
    });
    const changed = await callApi(ctx, api.user.update, {
      params: { id: stockerId },
      token: await tenant.token('operator'),
      body: { push_limit_unimportant: 6, email: 'stocker2@vitrina.local' },
    });
    expect(changed.statusCode).toBe(200);
  });

  it('refuses to resend an invitation (and hand over its link) for a user with more permissions', async () => {
    const { tenant, admin: platformAdmin, invitedAdmin } = await peopledTenant();
    const invitedAdminId = await invitedAdmin();
    const response = await callApi(ctx, api.user.invite, {
      params: { id: invitedAdminId },
      token: await tenant.token('operator'),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).not.toHaveProperty('invitation_link');
    const admin = await callApi(ctx, api.user.invite, {
      params: { id: invitedAdminId },
      token: platformAdmin.token,
    });
    expect(admin.statusCode).toBe(200);
  });

  it('judges a caller working as another role by the permissions of that role', async () => {
    const { tenant, admin, invitedAdmin } = await peopledTenant();
    const invitedAdminId = await invitedAdmin();
    const operatorRole = (await tenant.user('operator')).roleId;
    const franchisor = await tenant.user('franchisor');
    // A session of its own: switching revokes the session it starts from.
    const session = await createSession(ctx.database.db, admin.id);
    const switched = await callApi(ctx, api.auth.switchRole, {
      token: session,
      body: { role_id: operatorRole },
    });
    expect(switched.statusCode).toBe(200);
    const token = switched.json().token;
    // The franchisor holds edit_roles and organisation pages, which the Operator role has not.
    const response = await callApi(ctx, api.user.update, {
      params: { id: franchisor.id },
      token,
      body: { password: 'switched-chose-1' },
    });
    expect(response.statusCode).toBe(403);
    const invite = await callApi(ctx, api.user.invite, { params: { id: invitedAdminId }, token });
    expect(invite.statusCode).toBe(403);
  });
});

// The seed's: the rule is about user 1.
describe('the first platform admin (user 1) is changed only by user 1', () => {
  it('refuses another platform admin, even one holding every permission', async () => {
    const second = await callApi(ctx, api.auth.login, {
      body: { email: 'admin2@vitrina.local', password: 'second-admin-1' },
    });
    const token = second.json().token;
    for (const payload of Object.values(EVERY_FIELD)) {
      const response = await callApi(ctx, api.user.update, { params: { id: 1 }, token, body: payload, lang: 'en' });
      expect(response.statusCode).toBe(403);
      expect(response.error().message).toBe('Only the first platform administrator can change this account');
    }
    // The second admin may still manage everyone else.
    expect(
      (await callApi(ctx, api.user.update, { params: { id: 2 }, token, body: { push_limit_important: 11 } }))
        .statusCode,
    ).toBe(200);
  });

  it('lets user 1 change their own account', async () => {
    const response = await callApi(ctx, api.user.update, {
      params: { id: 1 },
      token: await ctx.login('admin'),
      body: { name: 'Olena K.' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('the list tells the panel which users the caller may change', () => {
  type Row = { id: number; name: string; can_edit: boolean };
  const rowsOf = async (token: string): Promise<Row[]> =>
    (await callApi(ctx, api.user.list, { token, query: { per_page: '100' } })).json().items;
  const editable = (rows: Row[]) =>
    Object.fromEntries(
      rows
        .filter((row) => [1, 2, 5, secondAdminId, krakowOperatorId].includes(row.id))
        .map((row) => [row.id, row.can_edit]),
    );

  // The seed's, here and in the next test: the answer names users 1, 2 and 5.
  it('marks the users the operator may change, and agrees with what an update answers', async () => {
    const operator = await ctx.login('operator');
    const rows = await rowsOf(operator);
    // Itself and Krakow's operator hold nothing it lacks; user 1, the admins and the franchisor do.
    expect(editable(rows)).toEqual({
      1: false,
      2: true,
      5: false,
      [secondAdminId]: false,
      [krakowOperatorId]: true,
    });
    for (const row of rows) {
      const update = await callApi(ctx, api.user.update, {
        params: { id: row.id },
        token: operator,
        body: { name: row.name },
      });
      expect({ id: row.id, status: update.statusCode }).toEqual({ id: row.id, status: row.can_edit ? 200 : 403 });
    }
  });

  it('leaves user 1 to user 1, even for another holder of every permission', async () => {
    const second = await callApi(ctx, api.auth.login, {
      body: { email: 'admin2@vitrina.local', password: 'second-admin-1' },
    });
    const rows = await rowsOf(second.json().token);
    expect(rows.find((row) => row.id === 1)?.can_edit).toBe(false);
    expect(rows.filter((row) => row.id !== 1).every((row) => row.can_edit)).toBe(true);
    expect((await rowsOf(await ctx.login('admin'))).every((row) => row.can_edit)).toBe(true);
  });

  it('marks nobody for a caller who may not edit users at all', async () => {
    const rows = await rowsOf(await (await createTenant(ctx.database.db)).token('support'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.can_edit)).toBe(false);
  });

  // The seed's: the answer names users 1 and 5.
  it('judges a switched role by the permissions in force', async () => {
    const session = await callApi(ctx, api.auth.login, { body: DEMO.admin });
    const switched = await callApi(ctx, api.auth.switchRole, {
      token: session.json().token,
      body: { role_id: ROLE.operator },
    });
    const rows = await rowsOf(switched.json().token);
    // User 1 itself now holds more than the role it works as.
    expect(editable(rows)).toMatchObject({ 1: false, 5: false, [secondAdminId]: false, [krakowOperatorId]: true });
  });
});
