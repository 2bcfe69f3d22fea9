import type { TOrganization, TOrganizationLinks, TOrganizationList } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMicromarket } from '../../../test/factories/catalogue.js';
import { createOrganisation } from '../../../test/factories/organisations.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { call, createTestContext, ok, type TestContext } from '../../../test/helper.js';

/** Issue 9: organisations, their card and the sub-organisation links. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
async function get<T>(token: string, url: string, query: Record<string, string> = {}): Promise<T> {
  const response = await call(ctx, 'GET', url, { token, query });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}
const ORGS = ['show_organizations_page', 'edit_organizations'] as const;
const DEVICES = ['show_device_page', 'edit_devices'] as const;

/** A platform user (every organisation) of a fresh organisation. */
async function platform() {
  const orgId = await createOrganisation(db());
  const user = await createSignedInUser(db(), { orgId, permissions: [...ORGS, ...DEVICES, 'view_all_organizations'] });
  return { ...user, orgId };
}

describe('organisations list and card', () => {
  it('an organisation sees itself and what is linked to it; the platform sees all; another one is 404', async () => {
    const tenant = await createTenant(db());
    const other = await createTenant(db());
    const operator = await tenant.token('operator');
    const list = await get<TOrganizationList>(operator, '/v1/organization/list', { per_page: '100' });
    expect(list.items.map((org) => org.id).sort()).toEqual(
      [tenant.org.main, tenant.org.kyiv, tenant.org.krakow].sort(),
    );
    const kyiv = list.items.find((org) => org.id === tenant.org.kyiv)!;
    expect(kyiv).toMatchObject({ type: 'sub', parent_id: tenant.org.main, access_level: 1, active: true });
    expect(list.items.find((org) => org.id === tenant.org.krakow)).toMatchObject({ access_level: 2, currency: 'PLN' });
    expect((await call(ctx, 'GET', `/v1/organization/info/${other.org.main}`, { token: operator })).statusCode).toBe(
      404,
    );
    const staff = await platform();
    const all = await get<TOrganizationList>(staff.token, '/v1/organization/list', {
      per_page: '100',
    });
    expect(all.total).toBeGreaterThanOrEqual(7);
    const subs = await get<TOrganizationList>(operator, '/v1/organization/list', { type: 'sub' });
    expect(subs.items.map((org) => org.id).sort()).toEqual([tenant.org.kyiv, tenant.org.krakow].sort());
  });

  it('an operator edits its own organisation’s contacts, not a view-only one, nor the price or currency', async () => {
    const tenant = await createTenant(db());
    const operator = await tenant.token('operator');
    const edited = await ok<TOrganization>(ctx, operator, `/v1/organization/update/${tenant.org.main}`, {
      contact_name: 'Iryna',
      contact_phone: '+380501234567',
      contact_email: 'office@example.com',
      address: 'Kyiv, Khreshchatyk 1',
      fiscal_number: '12345678',
    });
    expect(edited).toMatchObject({
      contact_name: 'Iryna',
      contact_email: 'office@example.com',
      fiscal_number: '12345678',
    });
    const viewOnly = await call(ctx, 'POST', `/v1/organization/update/${tenant.org.kyiv}`, {
      token: operator,
      payload: { address: 'Elsewhere' },
    });
    expect(viewOnly.statusCode).toBe(403);
    for (const payload of [{ subscription_price: 12_345 }, { currency: 'EUR' }]) {
      const refused = await call(ctx, 'POST', `/v1/organization/update/${tenant.org.main}`, {
        token: operator,
        payload,
      });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(403);
      expect(Object.keys(refused.json().fields)).toEqual(Object.keys(payload));
    }
    const bad = await call(ctx, 'POST', `/v1/organization/update/${tenant.org.main}`, {
      token: operator,
      payload: { contact_email: 'not an email', name: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['contact_email', 'name']);
    const viewer = await createSignedInUser(db(), { orgId: tenant.org.main, permissions: ['show_organizations_page'] });
    const noEdit = await call(ctx, 'POST', `/v1/organization/update/${tenant.org.main}`, {
      token: viewer.token,
      payload: { address: 'X' },
    });
    expect(noEdit.statusCode).toBe(403);
  });

  it('only the platform creates, deactivates and deletes; a sub-organisation is linked to its main one', async () => {
    const tenant = await createTenant(db());
    const operator = await tenant.token('operator');
    const name = uniqueName('Lviv');
    const refused = await call(ctx, 'POST', '/v1/organization/create', { token: operator, payload: { name } });
    expect(refused.statusCode).toBe(403);
    const staff = await platform();
    const missingParent = await call(ctx, 'POST', '/v1/organization/create', {
      token: staff.token,
      payload: { name, type: 'sub' },
    });
    expect(Object.keys(missingParent.json().fields)).toEqual(['parent_id']);
    const lviv = await ok<TOrganization>(ctx, staff.token, '/v1/organization/create', {
      name,
      type: 'sub',
      parent_id: tenant.org.main,
      access_level: 1,
      currency: 'UAH',
      subscription_price: 30_000,
    });
    expect(lviv).toMatchObject({ type: 'sub', parent_id: tenant.org.main, subscription_price: 30_000 });
    const taken = await call(ctx, 'POST', '/v1/organization/create', { token: staff.token, payload: { name } });
    expect(taken.statusCode).toBe(409);
    // The main organisation's operator now sees Lviv, view only.
    const seen = await get<TOrganization>(operator, `/v1/organization/info/${lviv.id}`);
    expect(seen.access_level).toBe(1);

    // Deactivation stops its people at once; activation lets them back.
    const password = 'lviv-password-1';
    const lvivUser = await createSignedInUser(db(), {
      orgId: lviv.id,
      permissions: ['show_organizations_page'],
      password,
    });
    expect((await call(ctx, 'GET', '/v1/user/me', { token: lvivUser.token })).statusCode).toBe(200);
    expect((await call(ctx, 'POST', `/v1/organization/deactivate/${lviv.id}`, { token: operator })).statusCode).toBe(
      403,
    );
    expect(await ok<TOrganization>(ctx, staff.token, `/v1/organization/deactivate/${lviv.id}`, {})).toMatchObject({
      active: false,
    });
    await expect
      .poll(async () => (await call(ctx, 'GET', '/v1/user/me', { token: lvivUser.token })).statusCode)
      .toBe(401);
    const login = await call(ctx, 'POST', '/v1/user/login', {
      payload: { email: lvivUser.email, password },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().message).toBe('Your organization is deactivated');
    await ok(ctx, staff.token, `/v1/organization/activate/${lviv.id}`, {});
    expect(
      (await call(ctx, 'POST', '/v1/user/login', { payload: { email: lvivUser.email, password } })).statusCode,
    ).toBe(200);

    // It owns a user now: delete refuses, naming what it owns; an empty one goes.
    const owns = await call(ctx, 'POST', `/v1/organization/delete/${lviv.id}`, { token: staff.token });
    expect(owns.statusCode).toBe(409);
    expect(owns.json().message).toContain('1 user(s)');
    const empty = await ok<TOrganization>(ctx, staff.token, '/v1/organization/create', { name: uniqueName('Empty') });
    expect(await ok(ctx, staff.token, `/v1/organization/delete/${empty.id}`, {})).toEqual({ ok: true });
    expect((await call(ctx, 'GET', `/v1/organization/info/${empty.id}`, { token: staff.token })).statusCode).toBe(404);
    const own = await call(ctx, 'POST', `/v1/organization/deactivate/${staff.orgId}`, { token: staff.token });
    expect(own.statusCode).toBe(409);
  });
});

describe('sub-organisation links', () => {
  it('a grant, a change and a revoke take effect at once on the grantee’s rows', async () => {
    const tenant = await createTenant(db());
    const operator = await tenant.token('operator');
    const outside = await createOrganisation(db(), { name: uniqueName('Odesa') });
    const fridge = await insertMicromarket(db(), outside, uniqueName('Port'));
    const deviceStatus = async () =>
      (await call(ctx, 'GET', `/v1/device/info/${fridge}`, { token: operator })).statusCode;
    const rename = async () =>
      (
        await call(ctx, 'POST', `/v1/device/update/${fridge}`, {
          token: operator,
          payload: { name: uniqueName('Port') },
        })
      ).statusCode;
    expect(await deviceStatus()).toBe(404);

    const staff = await platform();
    const granted = await ok<TOrganizationLinks>(ctx, staff.token, `/v1/organization/sub/${tenant.org.main}`, {
      sub_org_id: outside,
      access_level: 1,
    });
    expect(granted.sub_organizations.map((link) => [link.owner_org_id, link.access_level])).toContainEqual([
      outside,
      1,
    ]);
    await expect.poll(deviceStatus).toBe(200);
    expect(await rename()).toBe(403);

    await ok(ctx, staff.token, `/v1/organization/sub/${tenant.org.main}`, { sub_org_id: outside, access_level: 2 });
    await expect.poll(rename).toBe(200);

    await ok(ctx, staff.token, `/v1/organization/sub/delete/${tenant.org.main}`, { sub_org_id: outside });
    await expect.poll(deviceStatus).toBe(404);
  });

  it('only the platform or the sub-organisation itself shares its rows; a grantee cannot raise its own access', async () => {
    const tenant = await createTenant(db());
    const operator = await tenant.token('operator');
    // Main sees Kyiv view-only: raising that from Main's side is refused.
    const raise = await call(ctx, 'POST', `/v1/organization/sub/${tenant.org.main}`, {
      token: operator,
      payload: { sub_org_id: tenant.org.kyiv, access_level: 2 },
    });
    expect(raise.statusCode).toBe(403);
    expect(raise.json().message).toBe('Only the platform or the sub-organization itself may share its rows');
    // Krakow (editable by Main) is not Main's to pass on to a third organisation either.
    const links = await get<TOrganizationLinks>(operator, `/v1/organization/links/${tenant.org.main}`);
    expect(links.can_manage).toBe(true);
    const passOn = await call(ctx, 'POST', `/v1/organization/sub/${tenant.org.kyiv}`, {
      token: operator,
      payload: { sub_org_id: tenant.org.krakow, access_level: 1 },
    });
    expect(passOn.statusCode).toBe(403);
    // Kyiv's own people may change or revoke what Main sees of Kyiv, even without seeing Main.
    const kyivAdmin = await createSignedInUser(db(), { orgId: tenant.org.kyiv, permissions: [...ORGS] });
    const kyivCard = await get<TOrganizationLinks>(kyivAdmin.token, `/v1/organization/links/${tenant.org.kyiv}`);
    expect(kyivCard.shared_with.map((link) => [link.grantee_org_id, link.access_level])).toEqual([
      [tenant.org.main, 1],
    ]);
    await ok(ctx, kyivAdmin.token, `/v1/organization/sub/${tenant.org.main}`, {
      sub_org_id: tenant.org.kyiv,
      access_level: 2,
    });
    const after = await get<TOrganizationLinks>(operator, `/v1/organization/links/${tenant.org.main}`);
    expect(after.sub_organizations.find((link) => link.owner_org_id === tenant.org.kyiv)?.access_level).toBe(2);
    // Bad input names its field; a link to itself is refused.
    const self = await call(ctx, 'POST', `/v1/organization/sub/${tenant.org.kyiv}`, {
      token: kyivAdmin.token,
      payload: { sub_org_id: tenant.org.kyiv, access_level: 1 },
    });
    expect(Object.keys(self.json().fields)).toEqual(['sub_org_id']);
    const level = await call(ctx, 'POST', `/v1/organization/sub/${tenant.org.main}`, {
      token: kyivAdmin.token,
      payload: { sub_org_id: tenant.org.kyiv, access_level: 3 },
    });
    expect(level.statusCode).toBe(400);
    expect(Object.keys(level.json().fields)).toEqual(['access_level']);
  });
});
