import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, ORG, type TestContext } from '../../../test/helper.js';

const PLATFORM_SUPPORT_ROLE = 4;

let ctx: TestContext;
let krakowRoleId: number;

async function createUser(token: string, payload: object) {
  return call(ctx, 'POST', '/v1/user/create', { token, payload });
}

beforeAll(async () => {
  ctx = await createTestContext();
  const role = await call(ctx, 'POST', '/v1/role/create', {
    token: await ctx.login('franchisor'),
    payload: { name: 'Krakow lead', permissions: ['show_dashboard_page', 'show_users_page'] },
  });
  krakowRoleId = role.json().id;
});
afterAll(() => ctx.close());

describe('a role of an organisation is given only to users of that organisation', () => {
  it('refuses to create a user of the main organisation with a sub-organisation’s role', async () => {
    const response = await createUser(await ctx.login('admin'), {
      name: 'Main user',
      email: 'main.user@vitrina.local',
      org_id: ORG.main,
      role_id: krakowRoleId,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ role_id: 'This role belongs to another organization' });
    const krakow = await createUser(await ctx.login('admin'), {
      name: 'Krakow user',
      email: 'krakow.user@vitrina.local',
      org_id: ORG.krakow,
      role_id: krakowRoleId,
    });
    expect(krakow.statusCode).toBe(200);
  });

  it('refuses to give a sub-organisation’s role to a user of another organisation', async () => {
    // The seeded operator belongs to the main organisation.
    const response = await call(ctx, 'POST', '/v1/user/update/2', {
      token: await ctx.login('admin'),
      payload: { role_id: krakowRoleId },
      lang: 'it',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ role_id: 'Questo ruolo appartiene a un’altra organizzazione' });
    const operator = (await call(ctx, 'GET', '/v1/user/info/2', { token: await ctx.login('admin') })).json();
    expect(operator.role_id).toBe(2);
  });

  it('refuses to move a user to another organisation while they keep a role of the old one', async () => {
    const admin = await ctx.login('admin');
    const created = await createUser(admin, {
      name: 'Mover',
      email: 'mover@vitrina.local',
      org_id: ORG.krakow,
      role_id: krakowRoleId,
    });
    const id = created.json().id;
    const moved = await call(ctx, 'POST', `/v1/user/update/${id}`, { token: admin, payload: { org_id: ORG.main } });
    expect(moved.statusCode).toBe(400);
    expect(Object.keys(moved.json().fields)).toEqual(['role_id']);
    const same = await call(ctx, 'POST', `/v1/user/update/${id}`, {
      token: admin,
      payload: { org_id: ORG.main, role_id: krakowRoleId },
    });
    expect(same.statusCode).toBe(400);
    const withPlatformRole = await call(ctx, 'POST', `/v1/user/update/${id}`, {
      token: admin,
      payload: { org_id: ORG.main, role_id: PLATFORM_SUPPORT_ROLE },
    });
    expect(withPlatformRole.statusCode).toBe(200);
    expect(withPlatformRole.json()).toMatchObject({ org_id: ORG.main, role_id: PLATFORM_SUPPORT_ROLE });
  });
});

describe('a role’s users_count and its delete refusal agree', () => {
  it('counts a holder the caller cannot see, so the 409 is not a surprise', async () => {
    const franchisor = await ctx.login('franchisor');
    const role = await call(ctx, 'POST', '/v1/role/create', {
      token: franchisor,
      payload: { name: 'Legacy shared', permissions: ['show_dashboard_page'] },
    });
    const roleId: number = role.json().id;
    // A holder in the main organisation, as data written before the rule above could be.
    await ctx.database.db.execute(sql`update users set role_id = ${roleId} where id = 4`);
    const info = await call(ctx, 'GET', `/v1/role/info/${roleId}`, { token: franchisor });
    expect(info.json().users_count).toBe(1);
    const listed = (await call(ctx, 'GET', '/v1/role/list', { token: franchisor }))
      .json()
      .items.find((r: { id: number }) => r.id === roleId);
    expect(listed.users_count).toBe(1);
    const deleted = await call(ctx, 'POST', `/v1/role/delete/${roleId}`, { token: franchisor });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe('The role is assigned to 1 user(s) and cannot be deleted');
  });

  it('does not tell an organisation how many users of other organisations hold a platform role', async () => {
    const franchisor = await ctx.login('franchisor');
    const items = (await call(ctx, 'GET', '/v1/role/list', { token: franchisor })).json().items;
    const franchisorRole = items.find((r: { name: string }) => r.name === 'Franchisor');
    expect(franchisorRole.users_count).toBe(1);
    const operatorRole = items.find((r: { name: string }) => r.name === 'Operator');
    expect(operatorRole.users_count).toBe(0);
  });
});

describe('a role with permissions the caller lacks is out of the caller’s reach', () => {
  let strongRoleId: number;
  beforeAll(async () => {
    // A Krakow role holding more than the franchisor, e.g. made when Krakow was run by the platform.
    const rows = await ctx.database.db.execute(
      sql`insert into roles (name, org_id, default_page) values ('Krakow tagger', ${ORG.krakow}, 'dashboard') returning id`,
    );
    strongRoleId = (rows as unknown as { rows: { id: number }[] }).rows[0]!.id;
    await ctx.database.db.execute(
      sql`insert into role_permissions (role_id, permission) values (${strongRoleId}, 'manage_tags'), (${strongRoleId}, 'show_dashboard_page')`,
    );
  });

  it('refuses to rename, re-permission or delete it', async () => {
    const franchisor = await ctx.login('franchisor');
    const renamed = await call(ctx, 'POST', `/v1/role/update/${strongRoleId}`, {
      token: franchisor,
      payload: { name: 'Mine now' },
    });
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json().message).toBe('You cannot change a role that has permissions you do not hold: manage_tags');
    const stripped = await call(ctx, 'POST', '/v1/permission/create', {
      token: franchisor,
      payload: { role_id: strongRoleId, permissions: ['show_dashboard_page'] },
    });
    expect(stripped.statusCode).toBe(403);
    const deleted = await call(ctx, 'POST', `/v1/role/delete/${strongRoleId}`, { token: franchisor });
    expect(deleted.statusCode).toBe(403);
    const info = (await call(ctx, 'GET', `/v1/role/info/${strongRoleId}`, { token: franchisor })).json();
    expect(info).toMatchObject({ name: 'Krakow tagger', permissions: ['manage_tags', 'show_dashboard_page'] });
  });
});

describe('the role of user 1', () => {
  it('is changed by user 1 alone, not by another holder of every permission', async () => {
    const admin = await ctx.login('admin');
    const created = await call(ctx, 'POST', '/v1/user/create', {
      token: admin,
      payload: {
        name: 'Admin Two',
        email: 'admin.two@vitrina.local',
        org_id: ORG.main,
        role_id: 1,
        password: 'admin-two-1',
      },
    });
    expect(created.statusCode).toBe(200);
    const second = (
      await call(ctx, 'POST', '/v1/user/login', {
        payload: { email: 'admin.two@vitrina.local', password: 'admin-two-1' },
      })
    ).json().token;
    const stripped = await call(ctx, 'POST', '/v1/permission/create', {
      token: second,
      payload: { role_id: 1, permissions: ['show_dashboard_page'] },
    });
    expect(stripped.statusCode).toBe(403);
    expect(stripped.json().message).toBe('Only the first platform administrator can change the role they hold');
    const renamed = await call(ctx, 'POST', '/v1/role/update/1', { token: admin, payload: { name: 'Platform owner' } });
    expect(renamed.statusCode).toBe(200);
    // Other platform roles stay the second admin's to change.
    expect(
      (await call(ctx, 'POST', '/v1/role/update/4', { token: second, payload: { name: 'Helpdesk' } })).statusCode,
    ).toBe(200);
  });
});
