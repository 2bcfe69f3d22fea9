import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMicromarket } from '../../../test/factories/catalogue.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { call, createTestContext, ok, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Group = { id: number; name: string; devices: { id: number; name: string }[] };

async function groupWorld() {
  const tenant = await createTenant(ctx.database.db);
  const { org } = tenant;
  const db = ctx.database.db;
  const office = await insertMicromarket(db, org.main, 'Office');
  const lobby = await insertMicromarket(db, org.main, 'Lobby');
  const krakow = await insertMicromarket(db, org.krakow, 'Rynek');
  const kyiv = await insertMicromarket(db, org.kyiv, 'Podil');
  const operator = await tenant.token('operator');
  const group = await ok<Group>(ctx, operator, '/v1/device-group/create', {
    name: 'Business centres',
    type: 'office',
    address: 'Kyiv',
    device_ids: [office, lobby],
  });
  return { tenant, org, operator, editor: await tenant.token('editor'), office, lobby, krakow, kyiv, group };
}

describe('device groups', () => {
  it('creates, lists, updates and deletes a group with its micromarkets', async () => {
    const { org, operator, office, lobby, group } = await groupWorld();
    expect(group.devices.map((device) => device.name)).toEqual(['Lobby', 'Office']);
    const list = await call(ctx, 'GET', '/v1/device-group/list', {
      token: operator,
      query: { micromarket_id: String(office), org_id: String(org.main) },
    });
    expect(list.json()).toMatchObject({ total: 1, items: [{ name: 'Business centres' }] });
    const updated = await ok<Group>(ctx, operator, `/v1/device-group/update/${group.id}`, {
      description: 'Weekday traffic',
      device_ids: [lobby],
    });
    expect(updated).toMatchObject({ description: 'Weekday traffic', devices: [{ id: lobby }] });
    const clash = await call(ctx, 'POST', '/v1/device-group/create', {
      token: operator,
      payload: { name: 'business CENTRES' },
    });
    expect(clash.statusCode).toBe(409);
    expect(Object.keys(clash.json().fields)).toEqual(['name']);
    expect(await ok(ctx, operator, `/v1/device-group/delete/${group.id}`, {})).toEqual({ ok: true });
    expect((await call(ctx, 'GET', `/v1/device-group/info/${group.id}`, { token: operator })).statusCode).toBe(404);
  });

  it('refuses micromarkets of another organisation, view-only ones and unknown ids, naming the field', async () => {
    const { operator, group, krakow, kyiv } = await groupWorld();
    for (const device_ids of [[krakow], [kyiv], [2_000_000_000]]) {
      const refused = await call(ctx, 'POST', `/v1/device-group/update/${group.id}`, {
        token: operator,
        payload: { device_ids },
      });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().fields)).toEqual(['device_ids']);
    }
  });

  it('answers 404 for another organisation’s group and 403 for a view-only one', async () => {
    const { org, operator, editor, group } = await groupWorld();
    const admin = await ctx.login('admin');
    const kyivGroup = await ok<Group>(ctx, admin, '/v1/device-group/create', { name: 'Kyiv', org_id: org.kyiv });
    expect((await call(ctx, 'GET', `/v1/device-group/info/${group.id}`, { token: editor })).statusCode).toBe(404);
    for (const url of [`/v1/device-group/update/${group.id}`, `/v1/device-group/delete/${group.id}`]) {
      expect((await call(ctx, 'POST', url, { token: editor, payload: { name: 'X' } })).statusCode).toBe(404);
    }
    expect((await call(ctx, 'GET', `/v1/device-group/info/${kyivGroup.id}`, { token: operator })).statusCode).toBe(200);
    for (const url of [`/v1/device-group/update/${kyivGroup.id}`, `/v1/device-group/delete/${kyivGroup.id}`]) {
      expect((await call(ctx, 'POST', url, { token: operator, payload: { name: 'X' } })).statusCode).toBe(403);
    }
    const create = await call(ctx, 'POST', '/v1/device-group/create', {
      token: operator,
      payload: { name: 'X', org_id: org.kyiv },
    });
    expect(create.statusCode).toBe(403);
  });
});
