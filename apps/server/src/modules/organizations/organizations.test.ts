import { api } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { insertMicromarket } from '../../../test/factories/catalogue.js';
import { createOrganisation } from '../../../test/factories/organisations.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { call, createTestContext, type TestContext } from '../../../test/helper.js';

/** Issue 9: organisations, their card and the sub-organisation links. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
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
    const list = await okApi(ctx, api.organization.list, { token: operator, query: { per_page: '100' } });
    expect(list.items.map((org) => org.id).sort()).toEqual(
      [tenant.org.main, tenant.org.kyiv, tenant.org.krakow].sort(),
    );
    const kyiv = list.items.find((org) => org.id === tenant.org.kyiv)!;
    expect(kyiv).toMatchObject({ type: 'sub', parent_id: tenant.org.main, access_level: 1, active: true });
    expect(list.items.find((org) => org.id === tenant.org.krakow)).toMatchObject({ access_level: 2, currency: 'PLN' });
    expect(
      (await callApi(ctx, api.organization.info, { params: { id: other.org.main }, token: operator })).statusCode,
    ).toBe(404);
    const staff = await platform();
    const all = await okApi(ctx, api.organization.list, {
      token: staff.token,
      query: {
        per_page: '100',
      },
    });
    expect(all.total).toBeGreaterThanOrEqual(7);
    const subs = await okApi(ctx, api.organization.list, { token: operator, query: { type: 'sub' } });
    expect(subs.items.map((org) => org.id).sort()).toEqual([tenant.org.kyiv, tenant.org.krakow].sort());
  });

  it('an operator edits its own organisation’s contacts, not a view-only one, nor the price or currency', async () => {
    const tenant = await createTenant(db());
    const operator = await tenant.token('operator');
    const edited = await okApi(ctx, api.organization.update, {
      params: { id: tenant.org.main },
      token: operator,
      body: {
        contact_name: 'Iryna',
        contact_phone: '+380501234567',
        contact_email: 'office@example.com',
        address: 'Kyiv, Khreshchatyk 1',
        fiscal_number: '12345678',
      },
    });
    expect(edited).toMatchObject({
      contact_name: 'Iryna',
      contact_email: 'office@example.com',
      fiscal_number: '12345678',
    });
    const viewOnly = await callApi(ctx, api.organization.update, {
      params: { id: tenant.org.kyiv },
      token: operator,
      body: { address: 'Elsewhere' },
    });
    expect(viewOnly.statusCode).toBe(403);
    for (const payload of [{ subscription_price: 12_345 }, { currency: 'EUR' as const }]) {
      const refused = await callApi(ctx, api.organization.update, {
        params: { id: tenant.org.main },
        token: operator,
        body: payload,
      });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(403);
      expect(Object.keys(refused.error().fields!)).toEqual(Object.keys(payload));
    }
    const bad = await callApi(ctx, api.organization.update, {
      params: { id: tenant.org.main },
      token: operator,
      body: { contact_email: 'not an email', name: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.error().fields!).sort()).toEqual(['contact_email', 'name']);
    const viewer = await createSignedInUser(db(), { orgId: tenant.org.main, permissions: ['show_organizations_page'] });
    const noEdit = await callApi(ctx, api.organization.update, {
      params: { id: tenant.org.main },
      token: viewer.token,
      body: { address: 'X' },
    });
    expect(noEdit.statusCode).toBe(403);
  });

  it('only the platform creates, deactivates and deletes; a sub-organisation is linked to its main one', async () => {
    const tenant = await createTenant(db());
    const operator = await tenant.token('operator');
    const name = uniqueName('Lviv');
    const refused = await callApi(ctx, api.organization.create, { token: operator, body: { name } });
    expect(refused.statusCode).toBe(403);
    const staff = await platform();
    const missingParent = await callApi(ctx, api.organization.create, {
      token: staff.token,
      body: { name, type: 'sub' },
    });
    expect(Object.keys(missingParent.error().fields!)).toEqual(['parent_id']);
    const lviv = await okApi(ctx, api.organization.create, {
      token: staff.token,
      body: {
        name,
        type: 'sub',
        parent_id: tenant.org.main,
        access_level: 1,
        currency: 'UAH',
        subscription_price: 30_000,
      },
    });
    expect(lviv).toMatchObject({ type: 'sub', parent_id: tenant.org.main, subscription_price: 30_000 });
    const taken = await callApi(ctx, api.organization.create, { token: staff.token, body: { name } });
    expect(taken.statusCode).toBe(409);
    // The main organisation's operator now sees Lviv, view only.
    const seen = await okApi(ctx, api.organization.info, { params: { id: lviv.id }, token: operator });
    expect(seen.access_level).toBe(1);

    // Deactivation stops its people at once; activation lets them back.
    const password = 'lviv-password-1';
    const lvivUser = await createSignedInUser(db(), {
      orgId: lviv.id,
      permissions: ['show_organizations_page'],
      password,
    });
    expect((await callApi(ctx, api.auth.me, { token: lvivUser.token })).statusCode).toBe(200);
    expect(
      (await callApi(ctx, api.organization.deactivate, { params: { id: lviv.id }, token: operator })).statusCode,
    ).toBe(403);
    expect(
      await okApi(ctx, api.organization.deactivate, { params: { id: lviv.id }, token: staff.token }),
    ).toMatchObject({
      active: false,
    });
    await expect.poll(async () => (await callApi(ctx, api.auth.me, { token: lvivUser.token })).statusCode).toBe(401);
    const login = await callApi(ctx, api.auth.login, { body: { email: lvivUser.email, password } });
    expect(login.statusCode).toBe(401);
    expect(login.error().message).toBe('Your organization is deactivated');
    await okApi(ctx, api.organization.activate, { params: { id: lviv.id }, token: staff.token });
    expect((await callApi(ctx, api.auth.login, { body: { email: lvivUser.email, password } })).statusCode).toBe(200);

    // It owns a user now: delete refuses, naming what it owns; an empty one goes.
    const owns = await callApi(ctx, api.organization.delete, { params: { id: lviv.id }, token: staff.token });
    expect(owns.statusCode).toBe(409);
    expect(owns.error().message).toContain('1 user(s)');
    const empty = await okApi(ctx, api.organization.create, {
      token: staff.token,
      body: { name: uniqueName('Empty') },
    });
    expect(await okApi(ctx, api.organization.delete, { params: { id: empty.id }, token: staff.token })).toEqual({
      ok: true,
    });
    expect(
      (await callApi(ctx, api.organization.info, { params: { id: empty.id }, token: staff.token })).statusCode,
    ).toBe(404);
    const own = await callApi(ctx, api.organization.deactivate, { params: { id: staff.orgId }, token: staff.token });
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
      (await callApi(ctx, api.micromarket.info, { params: { id: fridge }, token: operator })).statusCode;
    const rename = async () =>
      (
        await callApi(ctx, api.micromarket.update, {
          params: { id: fridge },
          token: operator,
          body: { name: uniqueName('Port') },
        })
      ).statusCode;
    expect(await deviceStatus()).toBe(404);

    const staff = await platform();
    const granted = await okApi(ctx, api.organization.grantLink, {
      params: { id: tenant.org.main },
      token: staff.token,
      body: {
        sub_org_id: outside,
        access_level: 1,
      },
    });
    expect(granted.sub_organizations.map((link) => [link.owner_org_id, link.access_level])).toContainEqual([
      outside,
      1,
    ]);
    await expect.poll(deviceStatus).toBe(200);
    expect(await rename()).toBe(403);

    await okApi(ctx, api.organization.grantLink, {
      params: { id: tenant.org.main },
      token: staff.token,
      body: { sub_org_id: outside, access_level: 2 },
    });
    await expect.poll(rename).toBe(200);

    await okApi(ctx, api.organization.revokeLink, {
      params: { id: tenant.org.main },
      token: staff.token,
      body: { sub_org_id: outside },
    });
    await expect.poll(deviceStatus).toBe(404);
  });

  it('only the platform or the sub-organisation itself shares its rows; a grantee cannot raise its own access', async () => {
    const tenant = await createTenant(db());
    const operator = await tenant.token('operator');
    // Main sees Kyiv view-only: raising that from Main's side is refused.
    const raise = await callApi(ctx, api.organization.grantLink, {
      params: { id: tenant.org.main },
      token: operator,
      body: { sub_org_id: tenant.org.kyiv, access_level: 2 },
    });
    expect(raise.statusCode).toBe(403);
    expect(raise.error().message).toBe('Only the platform or the sub-organization itself may share its rows');
    // Krakow (editable by Main) is not Main's to pass on to a third organisation either.
    const links = await okApi(ctx, api.organization.links, { params: { id: tenant.org.main }, token: operator });
    expect(links.can_manage).toBe(true);
    const passOn = await callApi(ctx, api.organization.grantLink, {
      params: { id: tenant.org.kyiv },
      token: operator,
      body: { sub_org_id: tenant.org.krakow, access_level: 1 },
    });
    expect(passOn.statusCode).toBe(403);
    // Kyiv's own people may change or revoke what Main sees of Kyiv, even without seeing Main.
    const kyivAdmin = await createSignedInUser(db(), { orgId: tenant.org.kyiv, permissions: [...ORGS] });
    const kyivCard = await okApi(ctx, api.organization.links, {
      params: { id: tenant.org.kyiv },
      token: kyivAdmin.token,
    });
    expect(kyivCard.shared_with.map((link) => [link.grantee_org_id, link.access_level])).toEqual([
      [tenant.org.main, 1],
    ]);
    await okApi(ctx, api.organization.grantLink, {
      params: { id: tenant.org.main },
      token: kyivAdmin.token,
      body: {
        sub_org_id: tenant.org.kyiv,
        access_level: 2,
      },
    });
    const after = await okApi(ctx, api.organization.links, { params: { id: tenant.org.main }, token: operator });
    expect(after.sub_organizations.find((link) => link.owner_org_id === tenant.org.kyiv)?.access_level).toBe(2);
    // Bad input names its field; a link to itself is refused.
    const self = await callApi(ctx, api.organization.grantLink, {
      params: { id: tenant.org.kyiv },
      token: kyivAdmin.token,
      body: { sub_org_id: tenant.org.kyiv, access_level: 1 },
    });
    expect(Object.keys(self.error().fields!)).toEqual(['sub_org_id']);
    // A level the contract does not have goes raw.
    const level = await call(ctx, 'POST', `/v1/organization/sub/${tenant.org.main}`, {
      token: kyivAdmin.token,
      payload: { sub_org_id: tenant.org.kyiv, access_level: 3 },
    });
    expect(level.statusCode).toBe(400);
    expect(Object.keys(level.json().fields)).toEqual(['access_level']);
  });
});
