import { api, endpointPath, PERMISSION_NAMES } from '@vitrina/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
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
async function platformAdmin() {
  const db = ctx.database.db;
  const orgId = await createOrganisation(db);
  return { orgId, ...(await createPlatformAdmin(db, orgId)) };
}

/** A user of an organisation of their own, out of every tenant's sight. */
async function stranger() {
  const db = ctx.database.db;
  return createUser(db, { orgId: await createOrganisation(db), permissions: [] });
}

/** A tenant peopled like the demo, plus a cashier in the view-only sub-organisation. */
async function peopledTenant() {
  const db = ctx.database.db;
  const tenant = await createTenant(db);
  const { main, kyiv, krakow } = tenant.org;
  const person = (name: string, orgId: number, role: keyof typeof DEMO_ROLE_PERMISSIONS, phones: string[] = []) =>
    createUser(db, { orgId, name, phones, permissions: DEMO_ROLE_PERMISSIONS[role] });
  return {
    tenant,
    courier: await person('Andrii Bondar', main, 'courier'),
    support: await person('Iryna Shevchuk', main, 'support'),
    franchisor: await person('Marek Nowak', krakow, 'franchisor'),
    cashier: await person('Kyiv Cashier', kyiv, 'support', ['+380445551234']),
  };
}

const namesOf = (body: { items: { name: string }[] }) => body.items.map((u) => u.name);

describe('GET /v1/user/list', () => {
  it('pages, sorts and counts the visible users', async () => {
    const { tenant } = await peopledTenant();
    const response = await callApi(ctx, api.user.list, {
      token: await tenant.token('operator'),
      query: { per_page: '2', page: '2', sort: 'name' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(5);
    expect(namesOf(body)).toEqual(['Kyiv Cashier', 'Marek Nowak']);
  });

  it('filters by text over name, email and phone, by role, organisation, type and state', async () => {
    const { tenant, courier, franchisor } = await peopledTenant();
    const token = await tenant.token('operator');
    const names = async (query: Record<string, string>) =>
      namesOf((await callApi(ctx, api.user.list, { token, query })).json());
    expect(await names({ q: 'shevchuk' })).toEqual(['Iryna Shevchuk']);
    expect(await names({ q: `${franchisor.email.split('@')[0]}@` })).toEqual(['Marek Nowak']);
    expect(await names({ q: '5551234' })).toEqual(['Kyiv Cashier']);
    expect(await names({ role_id: String(courier.roleId) })).toEqual(['Andrii Bondar']);
    expect(await names({ org_id: String(tenant.org.krakow) })).toEqual(['Marek Nowak']);
    expect(await names({ user_type: '1' })).toEqual([]);
    expect(await names({ active: 'false' })).toEqual([]);
    expect(await names({ q: '100%_' })).toEqual([]);
  });

  it('shows a sub-organisation only its own users', async () => {
    const tenant = await createTenant(ctx.database.db);
    const franchisor = await tenant.user('franchisor');
    const response = await callApi(ctx, api.user.list, { token: franchisor.token });
    expect(response.json().items.map((u: { email: string }) => u.email)).toEqual([franchisor.email]);
  });

  it('answers 400 for a bad query, naming the fields', async () => {
    const { token: admin } = await platformAdmin();
    const bad = await callApi(ctx, api.user.list, { token: admin, query: { per_page: '500', user_type: '7' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.error().fields!).sort()).toEqual(['per_page', 'user_type']);
  });
});

describe('can_edit on the user list', () => {
  it('is false in a view-only organisation even for a user holding nothing, true in an editable one', async () => {
    const db = ctx.database.db;
    const tenant = await createTenant(db);
    const nobodyKyiv = await createUser(db, { orgId: tenant.org.kyiv, permissions: [] });
    const nobodyKrakow = await createUser(db, { orgId: tenant.org.krakow, permissions: [] });
    const token = await tenant.token('operator');
    const { items } = (await callApi(ctx, api.user.list, { token })).json();
    const canEdit = (id: number) => items.find((user: { id: number }) => user.id === id)?.can_edit;
    expect([canEdit(nobodyKyiv.id), canEdit(nobodyKrakow.id)]).toEqual([false, true]);
    const kyiv = await callApi(ctx, api.user.update, {
      params: { id: nobodyKyiv.id },
      token,
      body: { name: 'Changed' },
    });
    expect(kyiv.statusCode).toBe(403);
  });
});

describe('GET /v1/user/info/{id} and /v1/user/info/by/{value}', () => {
  it('answers a visible user, by id, email or phone', async () => {
    const { tenant, support, cashier } = await peopledTenant();
    const token = await tenant.token('operator');
    const info = await callApi(ctx, api.user.info, { params: { id: cashier.id }, token });
    expect(info.json().org_id).toBe(tenant.org.kyiv);
    const byEmail = await callApi(ctx, api.user.infoBy, { params: { value: support.email.toUpperCase() }, token });
    expect(byEmail.json().id).toBe(support.id);
    expect((await callApi(ctx, api.user.infoBy, { params: { value: '+380445551234' }, token })).json().id).toBe(
      cashier.id,
    );
  });

  it('answers 404 for another organisation’s user, and for unknown ones', async () => {
    const franchisor = await (await createTenant(ctx.database.db)).token('franchisor');
    const other = await stranger();
    expect((await callApi(ctx, api.user.info, { params: { id: other.id }, token: franchisor })).statusCode).toBe(404);
    expect(
      (await callApi(ctx, api.user.infoBy, { params: { value: other.email }, token: franchisor })).statusCode,
    ).toBe(404);
    expect((await callApi(ctx, api.user.info, { params: { id: 9999 }, token: franchisor })).statusCode).toBe(404);
  });

  it('answers 400 for an id that is not one', async () => {
    expect(
      (await callApi(ctx, api.user.info, { params: { id: 'abc' }, token: (await platformAdmin()).token })).statusCode,
    ).toBe(400);
  });
});

describe('POST /v1/user/create', () => {
  it('creates a user with a password, normalises email and phones, and audits it', async () => {
    const tenant = await createTenant(ctx.database.db);
    // A platform role within what the operator holds, so a Krakow user may hold it.
    const roleId = await createRole(ctx.database.db, { orgId: null, permissions: DEMO_ROLE_PERMISSIONS.operator });
    const response = await callApi(ctx, api.user.create, {
      token: await tenant.token('operator'),
      body: {
        name: ' New Cashier ',
        email: 'New.Cashier@Vitrina.local',
        org_id: tenant.org.krakow,
        role_id: roleId,
        phones: ['+48 501 000 111'],
        password: 'cashier-1',
        user_type: 2,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'New Cashier',
      email: 'new.cashier@vitrina.local',
      phones: ['+48501000111'],
      registered: true,
      invitation_link: null,
    });
    const audit = await ctx.database.db.execute(
      sql`select after from audit_log where entity = 'user' and entity_id = ${String(response.json().id)}`,
    );
    const after = (audit as unknown as { rows: { after: Record<string, unknown> }[] }).rows[0]!.after;
    expect(after).toMatchObject({ email: 'new.cashier@vitrina.local' });
    expect(after).not.toHaveProperty('password');
  });

  it('answers 400 with every failing field', async () => {
    const admin = await platformAdmin();
    const response = await callApi(ctx, api.user.create, {
      token: admin.token,
      body: { name: '', email: 'bad', org_id: admin.orgId, phones: ['12'], password: 'short' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.error().fields!).sort()).toEqual(['email', 'name', 'password', 'phones.0']);
  });

  it('answers 409 naming the email when it is taken', async () => {
    const admin = await platformAdmin();
    const response = await callApi(ctx, api.user.create, {
      token: admin.token,
      body: { name: 'Dup', email: admin.email.toUpperCase(), org_id: admin.orgId },
    });
    expect(response.statusCode).toBe(409);
    expect(response.error().fields).toEqual({ email: 'A user with this email already exists' });
  });

  it('keeps organisations apart: 404 for an unseen one, 403 for a view-only one', async () => {
    const tenant = await createTenant(ctx.database.db);
    const unseen = await callApi(ctx, api.user.create, {
      token: await tenant.token('franchisor'),
      body: { name: 'X', email: 'x1@vitrina.local', org_id: tenant.org.main },
    });
    expect(unseen.statusCode).toBe(404);
    const viewOnly = await callApi(ctx, api.user.create, {
      token: await tenant.token('operator'),
      body: { name: 'X', email: 'x2@vitrina.local', org_id: tenant.org.kyiv },
    });
    expect(viewOnly.statusCode).toBe(403);
    expect(viewOnly.error().message).toBe('Your organization has view-only access to this organization');
  });

  it('refuses to give a role with permissions the caller lacks', async () => {
    const tenant = await createTenant(ctx.database.db);
    const everything = await createRole(ctx.database.db, { orgId: null, permissions: PERMISSION_NAMES });
    const response = await callApi(ctx, api.user.create, {
      token: await tenant.token('franchisor'),
      body: { name: 'Escalation', email: 'esc@vitrina.local', org_id: tenant.org.krakow, role_id: everything },
    });
    expect(response.statusCode).toBe(403);
    expect(response.error().message).toMatch(/cannot grant permissions you do not hold/);
  });
});

describe('POST /v1/user/update/{id}', () => {
  it('updates fields and leaves the rest', async () => {
    // A Krakow user holding nothing the operator lacks (stronger users: users.takeover.test.ts).
    const { tenant } = await peopledTenant();
    const clerk = await createUser(ctx.database.db, { orgId: tenant.org.krakow, name: 'Marek Nowak', permissions: [] });
    const response = await callApi(ctx, api.user.update, {
      params: { id: clerk.id },
      token: await tenant.token('operator'),
      body: { phones: ['+48111222333'], push_limit_important: 20 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Marek Nowak', phones: ['+48111222333'], push_limit_important: 20 });
  });

  it('answers 403 on a view-only organisation and 404 on an unseen one', async () => {
    const { tenant, cashier } = await peopledTenant();
    const viewOnly = await callApi(ctx, api.user.update, {
      params: { id: cashier.id },
      token: await tenant.token('operator'),
      body: { name: 'Y' },
    });
    expect(viewOnly.statusCode).toBe(403);
    const unseen = await callApi(ctx, api.user.update, {
      params: { id: (await stranger()).id },
      token: await tenant.token('franchisor'),
      body: { name: 'Y' },
    });
    expect(unseen.statusCode).toBe(404);
  });

  it('refuses to disable oneself and to take a used email', async () => {
    const { tenant } = await peopledTenant();
    const operator = await tenant.user('operator');
    // A user the operator may change: one holding nothing beyond the operator's permissions.
    const clerk = await createUser(ctx.database.db, { orgId: tenant.org.main, permissions: [] });
    const self = await callApi(ctx, api.user.update, {
      params: { id: operator.id },
      token: operator.token,
      body: { active: false },
    });
    expect(self.statusCode).toBe(409);
    const taken = await callApi(ctx, api.user.update, {
      params: { id: clerk.id },
      token: operator.token,
      body: { email: operator.email },
    });
    expect(taken.statusCode).toBe(409);
  });

  it('answers 400 for a bad field', async () => {
    const admin = await platformAdmin();
    const target = await stranger();
    // A user type the contract does not have goes raw.
    const response = await call(ctx, 'POST', endpointPath(api.user.update, { id: target.id }), {
      token: admin.token,
      payload: { user_type: 3 },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /v1/user/invite/{id}', () => {
  it('mails a fresh link to an invited user and refuses a registered one', async () => {
    const db = ctx.database.db;
    const { token: admin, orgId, id: adminId } = await platformAdmin();
    const registered = await createUser(db, { orgId, permissions: [], password: 'registered-1' });
    const created = await callApi(ctx, api.user.create, {
      token: admin,
      body: { name: 'Later', email: 'later@vitrina.local', org_id: orgId },
    });
    const first = created.json().invitation_link!;
    const again = await callApi(ctx, api.user.invite, { params: { id: created.json().id }, token: admin });
    expect(again.statusCode).toBe(200);
    expect(again.json().invitation_link).not.toBe(first);
    expect((await callApi(ctx, api.auth.invitation, { params: { token: first.split('/').at(-1)! } })).statusCode).toBe(
      404,
    );
    expect((await callApi(ctx, api.user.invite, { params: { id: registered.id }, token: admin })).statusCode).toBe(409);
    const franchisor = await (await createTenant(db)).token('franchisor');
    expect((await callApi(ctx, api.user.invite, { params: { id: adminId }, token: franchisor })).statusCode).toBe(404);
  });
});

describe('GET /v1/user/report', () => {
  it('answers the filtered list as CSV', async () => {
    const { tenant, franchisor } = await peopledTenant();
    const response = await callApi(ctx, api.user.report, {
      token: await tenant.token('operator'),
      query: { org_id: String(tenant.org.krakow) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,name,email,phones,user_type,role,organization,active,registered,bonuses,last_purchase_at,last_login_at,created_at',
    );
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[2])
        .sort(),
    ).toEqual([franchisor.email]);
  });
});
