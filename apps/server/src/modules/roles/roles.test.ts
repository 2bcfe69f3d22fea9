import { api } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { createOrganisation } from '../../../test/factories/organisations.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createPlatformAdmin, createRole, createUser } from '../../../test/factories/users.js';
import { call, createTestContext, type TestContext } from '../../../test/helper.js';
import { DEMO_ROLE_PERMISSIONS } from '../../demo/seed.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A holder of every permission, in an organisation of its own. */
async function platformAdmin(): Promise<string> {
  const db = ctx.database.db;
  return (await createPlatformAdmin(db, await createOrganisation(db))).token;
}

describe('GET /v1/role/list and /v1/role/info/{id}', () => {
  it('lists roles with their permissions and user counts', async () => {
    // The seed's platform role Courier and its one holder: no other platform role may take the name.
    const response = await callApi(ctx, api.role.list, { token: await ctx.login('admin') });
    expect(response.statusCode).toBe(200);
    const courier = response.json().items.find((role: { name: string }) => role.name === 'Courier');
    expect(courier).toMatchObject({ org_id: null, default_page: 'dubai_courier', users_count: 1 });
    expect(courier?.permissions).toContain('show_courier_page');
  });

  it('answers 404 for an unknown role and 400 for an id that is not one', async () => {
    const admin = await platformAdmin();
    expect((await callApi(ctx, api.role.info, { params: { id: 999 }, token: admin })).statusCode).toBe(404);
    expect((await callApi(ctx, api.role.info, { params: { id: 'x' }, token: admin })).statusCode).toBe(400);
  });
});

describe('role create, update, delete', () => {
  it('lets an organisation make its own role and hides it from other organisations', async () => {
    const tenant = await createTenant(ctx.database.db);
    const franchisor = await tenant.token('franchisor');
    const created = await callApi(ctx, api.role.create, {
      token: franchisor,
      body: { name: 'Shift lead', default_page: 'devices', permissions: ['show_dashboard_page', 'show_users_page'] },
    });
    expect(created.statusCode).toBe(200);
    const role = created.json();
    expect(role).toMatchObject({
      name: 'Shift lead',
      org_id: tenant.org.krakow,
      default_page: 'devices',
      users_count: 0,
    });

    const admin = await platformAdmin();
    const support = await callApi(ctx, api.role.create, {
      token: admin,
      body: { name: 'Auditor', permissions: ['show_users_page'] },
    });
    expect(support.json().org_id).toBeNull();

    const elsewhere = await callApi(ctx, api.role.info, {
      params: { id: role.id },
      token: await (await createTenant(ctx.database.db)).token('franchisor'),
    });
    expect(elsewhere.statusCode).toBe(404);
    // The platform admin sees and edits it.
    const renamed = await callApi(ctx, api.role.update, {
      params: { id: role.id },
      token: admin,
      body: { name: 'Shift leader' },
    });
    expect(renamed.json().name).toBe('Shift leader');
    expect(renamed.json().permissions).toEqual(['show_dashboard_page', 'show_users_page']);
  });

  it('refuses duplicate names, unknown permissions and permissions the caller lacks', async () => {
    const franchisor = await (await createTenant(ctx.database.db)).token('franchisor');
    await okApi(ctx, api.role.create, { token: franchisor, body: { name: 'Shift leader' } });
    const dup = await callApi(ctx, api.role.create, { token: franchisor, body: { name: 'SHIFT LEADER' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.error().message).toBe('A role with this name already exists');
    const unknown = await callApi(ctx, api.role.create, {
      token: franchisor,
      body: { name: 'A', permissions: ['fly'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.error().fields?.['permissions.0']).toBe('Unknown permission');
    const beyond = await callApi(ctx, api.role.create, {
      token: franchisor,
      body: { name: 'B', permissions: ['view_all_organizations'] },
    });
    expect(beyond.statusCode).toBe(403);
    const empty = await callApi(ctx, api.role.create, { token: franchisor, body: { name: '  ' } });
    expect(empty.statusCode).toBe(400);
  });

  it('keeps platform roles to the platform, and other organisations’ roles out of reach', async () => {
    const franchisor = await (await createTenant(ctx.database.db)).token('franchisor');
    await okApi(ctx, api.role.create, { token: franchisor, body: { name: 'Shift leader' } });
    const platformRole = await createRole(ctx.database.db, { orgId: null, permissions: DEMO_ROLE_PERMISSIONS.courier });
    const platform = await callApi(ctx, api.role.update, {
      params: { id: platformRole },
      token: franchisor,
      body: { name: 'Driver' },
    });
    expect(platform.statusCode).toBe(403);
    const admin = await platformAdmin();
    const mainRole = await callApi(ctx, api.role.create, { token: admin, body: { name: 'Main only' } });
    // A role of the platform (org null) is visible to all; make an org role through the franchisor and check the reverse.
    expect(mainRole.statusCode).toBe(200);
    const list = (await callApi(ctx, api.role.list, { token: franchisor }))
      .json()
      .items.map((r: { name: string }) => r.name);
    expect(list).toContain('Shift leader');
  });

  it('refuses to delete a role in use, deletes one that is not', async () => {
    const db = ctx.database.db;
    const admin = await platformAdmin();
    const used = await createRole(db, { orgId: null, permissions: DEMO_ROLE_PERMISSIONS.courier });
    await createUser(db, { orgId: await createOrganisation(db), roleId: used });
    const inUse = await callApi(ctx, api.role.delete, { params: { id: used }, token: admin });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.error().message).toBe('The role is assigned to 1 user(s) and cannot be deleted');
    const created = await callApi(ctx, api.role.create, { token: admin, body: { name: 'Temporary' } });
    expect((await callApi(ctx, api.role.delete, { params: { id: created.json().id }, token: admin })).statusCode).toBe(
      200,
    );
    expect((await callApi(ctx, api.role.info, { params: { id: created.json().id }, token: admin })).statusCode).toBe(
      404,
    );
  });
});

describe('GET /v1/permission/list-group/{id} and POST /v1/permission/create', () => {
  it('answers the catalogue by area in the caller’s language, marked for the role', async () => {
    const admin = await platformAdmin();
    const courierRole = await createRole(ctx.database.db, { orgId: null, permissions: DEMO_ROLE_PERMISSIONS.courier });
    const response = await callApi(ctx, api.role.permissionGroups, {
      params: { id: courierRole },
      token: admin,
      lang: 'ua',
    });
    expect(response.statusCode).toBe(200);
    const courier = response.json().groups.find((group: { area: string }) => group.area === 'courier');
    expect(courier?.title).toBe("Кур'єр");
    expect(courier?.permissions.every((p: { granted: boolean }) => p.granted)).toBe(true);
    const users = response.json().groups.find((group: { area: string }) => group.area === 'users');
    expect(users?.permissions.some((p: { granted: boolean }) => p.granted)).toBe(false);
    const none = await callApi(ctx, api.role.permissionGroups, { params: { id: 0 }, token: admin });
    expect(
      none
        .json()
        .groups.flatMap((g: { permissions: { granted: boolean }[] }) => g.permissions)
        .some((p: { granted: boolean }) => p.granted),
    ).toBe(false);
  });

  it('sets the permissions of a role', async () => {
    const admin = await platformAdmin();
    const role = (await callApi(ctx, api.role.create, { token: admin, body: { name: 'Night shift' } })).json();
    const response = await callApi(ctx, api.role.setPermissions, {
      token: admin,
      body: { role_id: role.id, permissions: ['show_support_page', 'show_dashboard_page'] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().permissions).toEqual(['show_dashboard_page', 'show_support_page']);
  });

  it('answers 400 and 404', async () => {
    const admin = await platformAdmin();
    // No permissions list: the contract requires one, so it goes raw.
    expect(
      (await call(ctx, 'POST', api.role.setPermissions.path, { token: admin, payload: { role_id: 3 } })).statusCode,
    ).toBe(400);
    expect(
      (await callApi(ctx, api.role.setPermissions, { token: admin, body: { role_id: 999, permissions: [] } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('GET /v1/user/roles', () => {
  // 'Operator' is the seed's platform role, offered to every organisation: a platform role's
  // name is unique, so no test can make another; the callers are the tests' own.
  it('offers only the roles the caller may give', async () => {
    const operator = await (await createTenant(ctx.database.db)).token('operator');
    const names = (await callApi(ctx, api.role.options, { token: operator }))
      .json()
      .items.map((r: { name: string }) => r.name);
    expect(names).toContain('Operator');
    expect(names).not.toContain('Platform admin');
  });

  it('with org_id, offers only the roles a user of that organisation may hold', async () => {
    const tenant = await createTenant(ctx.database.db);
    const franchisor = await tenant.token('franchisor');
    const created = await callApi(ctx, api.role.create, {
      token: franchisor,
      body: { name: 'Krakow greeter', permissions: ['show_dashboard_page'] },
    });
    expect(created.statusCode).toBe(200);
    const operator = await tenant.token('operator');
    const optionsFor = async (query: Record<string, string>) =>
      callApi(ctx, api.role.options, { token: operator, query });
    const names = async (query: Record<string, string>) =>
      (await optionsFor(query)).json().items.map((r: { name: string }) => r.name);
    expect(await names({})).toEqual(expect.arrayContaining(['Operator', 'Krakow greeter']));
    expect(await names({ org_id: String(tenant.org.krakow) })).toEqual(
      expect.arrayContaining(['Operator', 'Krakow greeter']),
    );
    const main = await names({ org_id: String(tenant.org.main) });
    expect(main).toContain('Operator');
    expect(main).not.toContain('Krakow greeter');
    expect(main).not.toContain('Platform admin');
  });

  it('answers 400 for an org_id that is not an id and 404 for an organisation out of sight', async () => {
    const tenant = await createTenant(ctx.database.db);
    const operator = await tenant.token('operator');
    const bad = await callApi(ctx, api.role.options, { token: operator, query: { org_id: 'main' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.error().fields!)).toEqual(['org_id']);
    const unseen = await callApi(ctx, api.role.options, {
      token: await tenant.token('franchisor'),
      query: { org_id: String(tenant.org.main) },
    });
    expect(unseen.statusCode).toBe(404);
  });
});
