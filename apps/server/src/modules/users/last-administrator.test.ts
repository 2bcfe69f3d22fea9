import { api, USER_KIND } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { createOrganisation } from '../../../test/factories/organisations.js';
import { createRole, createSignedInUser, createUser } from '../../../test/factories/users.js';
import { createTestContext, ORG, type TestContext } from '../../../test/helper.js';
import { rolePermissions } from '../../db/schema/index.js';
import { ADMINISTER_PERMISSIONS } from '../roles/index.js';

/**
 * Issue 33: no change leaves the platform without an administrator. On the template, user 1
 * (the demo's platform admin) is the only one; a test that adds another removes it again.
 */
let ctx: TestContext;
let admin: string;
let adminRole: { id: number };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin');
  const roles = (await callApi(ctx, api.role.list, { token: admin })).json().items as {
    id: number;
    name: string;
  }[];
  adminRole = roles.find((role) => role.name === 'Platform admin')!;
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
      const response = await callApi(ctx, api.user.update, { params: { id: 1 }, token: admin, body: payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(409);
    }
    const me = (await callApi(ctx, api.user.info, { params: { id: 1 }, token: admin })).json();
    expect(me).toMatchObject({ role_id: adminRole.id, user_type: USER_KIND.employee, active: true });
  });

  it('with another administrator, the changes pass', async () => {
    const second = await createRole(ctx.database.db, { permissions: ADMINISTER_PERMISSIONS });
    const other = await createUser(ctx.database.db, { orgId: ORG.main, roleId: second });
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
      params: { id: ORG.main },
      token: operator.token,
    });
    expect(response.statusCode).toBe(409);
    expect(response.error().message).toMatch(/no active platform administrator/);
    const main = (await callApi(ctx, api.organization.info, { params: { id: ORG.main }, token: admin })).json();
    expect(main.active).toBe(true);
  });
});
