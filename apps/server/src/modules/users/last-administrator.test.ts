import { api, PERMISSION_NAMES, USER_KIND } from '@vitrina/contract';
import { ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { createOrganisation } from '../../../test/factories/organisations.js';
import { createRole, createSignedInUser, createUser } from '../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { rolePermissions, users } from '../../db/schema/index.js';
import { ADMINISTER_PERMISSIONS } from '../roles/index.js';

/**
 * No change leaves the platform without an administrator. The file's platform administrator,
 * holding a platform role with every permission, is the only active one: the seed's users are
 * retired first. A test that adds another administrator removes it again.
 */
let ctx: TestContext;
let admin: string;
let adminId: number;
let adminOrg: number;
let adminRole: { id: number };
beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  adminOrg = await createOrganisation(db);
  adminRole = { id: await createRole(db, { orgId: null, permissions: PERMISSION_NAMES }) };
  const user = await createSignedInUser(db, { orgId: adminOrg, roleId: adminRole.id });
  await db.update(users).set({ active: false }).where(ne(users.id, user.id));
  admin = user.token;
  adminId = user.id;
});
afterAll(() => ctx.close());

async function adminRoleNow() {
  return (await callApi(ctx, api.role.info, { params: { id: adminRole.id }, token: admin })).json();
}

describe('the last platform administrator', () => {
  it('cannot empty its own role, nor take an administering permission from it', async () => {
    const before = (await adminRoleNow()).permissions as string[];
    const params = { id: adminRole.id };
    for (const [url, send] of [
      [api.role.update.path, () => callApi(ctx, api.role.update, { params, token: admin, body: { permissions: [] } })],
      [
        api.role.setPermissions.path,
        () => callApi(ctx, api.role.setPermissions, { token: admin, body: { role_id: adminRole.id, permissions: [] } }),
      ],
      [
        api.role.update.path,
        () =>
          callApi(ctx, api.role.update, {
            params,
            token: admin,
            body: { permissions: before.filter((permission) => permission !== 'edit_roles') },
          }),
      ],
    ] as const) {
      const response = await send();
      expect(response.statusCode, url).toBe(409);
      expect(response.error().message).toMatch(/no active platform administrator/);
    }
    expect((await adminRoleNow()).permissions).toEqual(before);
    // Still able to administer.
    expect((await callApi(ctx, api.user.list, { token: admin })).statusCode).toBe(200);
  });

  it('may take a permission that does not administer from its role', async () => {
    const without = ((await adminRoleNow()).permissions as string[]).filter(
      (permission) => permission !== 'export_users',
    );
    const response = await callApi(ctx, api.role.update, {
      params: { id: adminRole.id },
      token: admin,
      body: { permissions: without },
    });
    expect(response.statusCode).toBe(200);
    expect((await adminRoleNow()).permissions).toEqual(without);
    // Nobody grants what they do not hold, so the test gives it back itself.
    await ctx.database.db.insert(rolePermissions).values({ roleId: adminRole.id, permission: 'export_users' });
  });

  it('cannot give itself a role that does not administer, nor make itself a customer', async () => {
    const weak = await createRole(ctx.database.db, { permissions: ['show_dashboard_page'] });
    for (const payload of [{ role_id: weak }, { role_id: null }, { user_type: USER_KIND.client, role_id: null }]) {
      const response = await callApi(ctx, api.user.update, { params: { id: adminId }, token: admin, body: payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(409);
    }
    const me = (await callApi(ctx, api.user.info, { params: { id: adminId }, token: admin })).json();
    expect(me).toMatchObject({ role_id: adminRole.id, user_type: USER_KIND.employee, active: true });
  });

  it('with another administrator, the changes pass', async () => {
    const second = await createRole(ctx.database.db, { permissions: ADMINISTER_PERMISSIONS });
    const other = await createUser(ctx.database.db, { orgId: adminOrg, roleId: second });
    const stripped = await callApi(ctx, api.role.update, {
      params: { id: second },
      token: admin,
      body: { permissions: ADMINISTER_PERMISSIONS.filter((permission) => permission !== 'edit_users') },
    });
    expect(stripped.statusCode).toBe(200);
    await callApi(ctx, api.role.update, {
      params: { id: second },
      token: admin,
      body: { permissions: [...ADMINISTER_PERMISSIONS] },
    });
    const disabled = await callApi(ctx, api.user.update, {
      params: { id: other.id },
      token: admin,
      body: { active: false },
    });
    expect(disabled.statusCode).toBe(200);
  });

  it("cannot be locked out by deactivating the administrators' organisation", async () => {
    // A platform user of another organisation, who may deactivate organisations but administers nothing.
    const elsewhere = await createOrganisation(ctx.database.db);
    const operator = await createSignedInUser(ctx.database.db, {
      orgId: elsewhere,
      permissions: ['view_all_organizations', 'show_organizations_page', 'edit_organizations'],
    });
    const response = await callApi(ctx, api.organization.deactivate, {
      params: { id: adminOrg },
      token: operator.token,
    });
    expect(response.statusCode).toBe(409);
    expect(response.error().message).toMatch(/no active platform administrator/);
    const main = (await callApi(ctx, api.organization.info, { params: { id: adminOrg }, token: admin })).json();
    expect(main.active).toBe(true);
  });
});
