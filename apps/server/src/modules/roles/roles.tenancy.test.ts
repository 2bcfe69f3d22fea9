import { api } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { createTenant, type Tenant } from '../../../test/factories/tenant.js';
import { createRole, createSignedInUser, createUser } from '../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
let tenant: Tenant;
/** A role of the tenant's Krakow sub-organisation, within what the tenant's operator holds. */
let krakowRoleId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  tenant = await createTenant(ctx.database.db);
  krakowRoleId = await createRole(ctx.database.db, {
    orgId: tenant.org.krakow,
    permissions: ['show_dashboard_page', 'show_users_page'],
  });
});
afterAll(() => ctx.close());

describe('a role of an organisation is given only to users of that organisation', () => {
  it('refuses to create a user of the main organisation with a sub-organisation’s role', async () => {
    const operator = await tenant.token('operator');
    const response = await callApi(ctx, api.user.create, {
      token: operator,
      body: { name: 'Main user', email: 'main.user@vitrina.local', org_id: tenant.org.main, role_id: krakowRoleId },
    });
    expect(response.statusCode).toBe(400);
    expect(response.error().fields).toEqual({ role_id: 'This role belongs to another organization' });
    const krakow = await callApi(ctx, api.user.create, {
      token: operator,
      body: {
        name: 'Krakow user',
        email: 'krakow.user@vitrina.local',
        org_id: tenant.org.krakow,
        role_id: krakowRoleId,
      },
    });
    expect(krakow.statusCode).toBe(200);
  });

  it('refuses to give a sub-organisation’s role to a user of another organisation', async () => {
    const user = await createUser(ctx.database.db, { orgId: tenant.org.main });
    const operator = await tenant.token('operator');
    const response = await callApi(ctx, api.user.update, {
      params: { id: user.id },
      token: operator,
      body: { role_id: krakowRoleId },
      lang: 'it',
    });
    expect(response.statusCode).toBe(400);
    expect(response.error().fields).toEqual({ role_id: 'Questo ruolo appartiene a un’altra organizzazione' });
    const after = (await callApi(ctx, api.user.info, { params: { id: user.id }, token: operator })).json();
    expect(after.role_id).toBe(user.roleId);
  });

  it('refuses to move a user to another organisation while they keep a role of the old one', async () => {
    const operator = await tenant.token('operator');
    const mover = await createUser(ctx.database.db, { orgId: tenant.org.krakow, roleId: krakowRoleId });
    const update = (payload: object) =>
      callApi(ctx, api.user.update, { params: { id: mover.id }, token: operator, body: payload });
    const moved = await update({ org_id: tenant.org.main });
    expect(moved.statusCode).toBe(400);
    expect(Object.keys(moved.error().fields!)).toEqual(['role_id']);
    expect((await update({ org_id: tenant.org.main, role_id: krakowRoleId })).statusCode).toBe(400);
    const platformRoleId = await createRole(ctx.database.db, { orgId: null, permissions: ['show_dashboard_page'] });
    const withPlatformRole = await update({ org_id: tenant.org.main, role_id: platformRoleId });
    expect(withPlatformRole.statusCode).toBe(200);
    expect(withPlatformRole.json()).toMatchObject({ org_id: tenant.org.main, role_id: platformRoleId });
  });
});

describe('a role’s users_count and its delete refusal agree', () => {
  it('counts a holder the caller cannot see, so the 409 is not a surprise', async () => {
    const franchisor = await tenant.token('franchisor');
    const roleId = await createRole(ctx.database.db, {
      orgId: tenant.org.krakow,
      permissions: ['show_dashboard_page'],
    });
    // A holder in the main organisation, as data written before the rule above could be:
    // the factory writes the row without the API's checks.
    await createUser(ctx.database.db, { orgId: tenant.org.main, roleId });
    const info = await callApi(ctx, api.role.info, { params: { id: roleId }, token: franchisor });
    expect(info.json().users_count).toBe(1);
    const listed = (await callApi(ctx, api.role.list, { token: franchisor }))
      .json()
      .items.find((r: { id: number }) => r.id === roleId);
    expect(listed?.users_count).toBe(1);
    const deleted = await callApi(ctx, api.role.delete, { params: { id: roleId }, token: franchisor });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.error().message).toBe('The role is assigned to 1 user(s) and cannot be deleted');
  });

  it('does not tell an organisation how many users of other organisations hold a platform role', async () => {
    const db = ctx.database.db;
    const shared = await createRole(db, { orgId: null, permissions: ['show_dashboard_page'] });
    const elsewhere = await createRole(db, { orgId: null, permissions: ['show_dashboard_page'] });
    await createUser(db, { orgId: tenant.org.krakow, roleId: shared });
    await createUser(db, { orgId: tenant.org.main, roleId: shared });
    await createUser(db, { orgId: tenant.org.main, roleId: elsewhere });
    const items: { id: number; users_count: number }[] = (
      await callApi(ctx, api.role.list, { token: await tenant.token('franchisor') })
    ).json().items;
    expect(items.find((role) => role.id === shared)?.users_count).toBe(1);
    expect(items.find((role) => role.id === elsewhere)?.users_count).toBe(0);
  });
});

describe('a role with permissions the caller lacks is out of the caller’s reach', () => {
  it('refuses to rename, re-permission or delete it', async () => {
    // A Krakow role holding more than the franchisor, e.g. made when Krakow was run by the platform.
    const strongRoleId = await createRole(ctx.database.db, {
      orgId: tenant.org.krakow,
      name: 'Krakow tagger',
      permissions: ['manage_tags', 'show_dashboard_page'],
    });
    const franchisor = await tenant.token('franchisor');
    const renamed = await callApi(ctx, api.role.update, {
      params: { id: strongRoleId },
      token: franchisor,
      body: { name: 'Mine now' },
    });
    expect(renamed.statusCode).toBe(403);
    expect(renamed.error().message).toBe('You cannot change a role that has permissions you do not hold: manage_tags');
    const stripped = await callApi(ctx, api.role.setPermissions, {
      token: franchisor,
      body: { role_id: strongRoleId, permissions: ['show_dashboard_page'] },
    });
    expect(stripped.statusCode).toBe(403);
    const deleted = await callApi(ctx, api.role.delete, { params: { id: strongRoleId }, token: franchisor });
    expect(deleted.statusCode).toBe(403);
    const info = (await callApi(ctx, api.role.info, { params: { id: strongRoleId }, token: franchisor })).json();
    expect(info).toMatchObject({ name: 'Krakow tagger', permissions: ['manage_tags', 'show_dashboard_page'] });
  });
});

describe('the role of user 1', () => {
  /** The seeded platform admin is user 1 and holds role 1; the rule is about exactly them. */
  const OWNER_ROLE_ID = 1;

  it('is changed by user 1 alone, not by another holder of every permission', async () => {
    const second = await createSignedInUser(ctx.database.db, { orgId: tenant.org.main, roleId: OWNER_ROLE_ID });
    const stripped = await callApi(ctx, api.role.setPermissions, {
      token: second.token,
      body: { role_id: OWNER_ROLE_ID, permissions: ['show_dashboard_page'] },
    });
    expect(stripped.statusCode).toBe(403);
    expect(stripped.error().message).toBe('Only the first platform administrator can change the role they hold');
    const renamed = await callApi(ctx, api.role.update, {
      params: { id: OWNER_ROLE_ID },
      // User 1 is the seed's: the rule names that account, so only its sign-in can show it.
      token: await ctx.login('admin'),
      body: { name: 'Platform owner' },
    });
    expect(renamed.statusCode).toBe(200);
    // Other platform roles stay the second admin's to change.
    const otherRoleId = await createRole(ctx.database.db, { orgId: null, permissions: ['show_dashboard_page'] });
    const other = await callApi(ctx, api.role.update, {
      params: { id: otherRoleId },
      token: second.token,
      body: { name: 'Helpdesk' },
    });
    expect(other.statusCode).toBe(200);
  });
});
