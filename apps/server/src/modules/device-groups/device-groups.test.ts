import { api } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { insertMicromarket } from '../../../test/factories/catalogue.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createPlatformAdmin } from '../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function groupWorld() {
  const tenant = await createTenant(ctx.database.db);
  const { org } = tenant;
  const db = ctx.database.db;
  const office = await insertMicromarket(db, org.main, 'Office');
  const lobby = await insertMicromarket(db, org.main, 'Lobby');
  const krakow = await insertMicromarket(db, org.krakow, 'Rynek');
  const kyiv = await insertMicromarket(db, org.kyiv, 'Podil');
  const operator = await tenant.token('operator');
  const group = await okApi(ctx, api.deviceGroup.create, {
    token: operator,
    body: {
      name: 'Business centres',
      type: 'office',
      address: 'Kyiv',
      device_ids: [office, lobby],
    },
  });
  return { tenant, org, operator, editor: await tenant.token('editor'), office, lobby, krakow, kyiv, group };
}

describe('device groups', () => {
  it('creates, lists, updates and deletes a group with its micromarkets', async () => {
    const { org, operator, office, lobby, group } = await groupWorld();
    expect(group.devices.map((device) => device.name)).toEqual(['Lobby', 'Office']);
    const list = await callApi(ctx, api.deviceGroup.list, {
      token: operator,
      query: { micromarket_id: String(office), org_id: String(org.main) },
    });
    expect(list.json()).toMatchObject({ total: 1, items: [{ name: 'Business centres' }] });
    const updated = await okApi(ctx, api.deviceGroup.update, {
      params: { id: group.id },
      token: operator,
      body: {
        description: 'Weekday traffic',
        device_ids: [lobby],
      },
    });
    expect(updated).toMatchObject({ description: 'Weekday traffic', devices: [{ id: lobby }] });
    const clash = await callApi(ctx, api.deviceGroup.create, { token: operator, body: { name: 'business CENTRES' } });
    expect(clash.statusCode).toBe(409);
    expect(Object.keys(clash.error().fields!)).toEqual(['name']);
    expect(await okApi(ctx, api.deviceGroup.delete, { params: { id: group.id }, token: operator })).toEqual({
      ok: true,
    });
    expect((await callApi(ctx, api.deviceGroup.info, { params: { id: group.id }, token: operator })).statusCode).toBe(
      404,
    );
  });

  it('refuses micromarkets of another organisation, view-only ones and unknown ids, naming the field', async () => {
    const { operator, group, krakow, kyiv } = await groupWorld();
    for (const device_ids of [[krakow], [kyiv], [2_000_000_000]]) {
      const refused = await callApi(ctx, api.deviceGroup.update, {
        params: { id: group.id },
        token: operator,
        body: { device_ids },
      });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.error().fields!)).toEqual(['device_ids']);
    }
  });

  it('answers 404 for another organisation’s group and 403 for a view-only one', async () => {
    const { org, operator, editor, group } = await groupWorld();
    const admin = (await createPlatformAdmin(ctx.database.db, org.main)).token;
    const kyivGroup = await okApi(ctx, api.deviceGroup.create, {
      token: admin,
      body: { name: 'Kyiv', org_id: org.kyiv },
    });
    expect((await callApi(ctx, api.deviceGroup.info, { params: { id: group.id }, token: editor })).statusCode).toBe(
      404,
    );
    const theirs = { params: { id: group.id }, token: editor };
    expect((await callApi(ctx, api.deviceGroup.update, { ...theirs, body: { name: 'X' } })).statusCode).toBe(404);
    expect((await callApi(ctx, api.deviceGroup.delete, theirs)).statusCode).toBe(404);
    expect(
      (await callApi(ctx, api.deviceGroup.info, { params: { id: kyivGroup.id }, token: operator })).statusCode,
    ).toBe(200);
    const viewOnly = { params: { id: kyivGroup.id }, token: operator };
    expect((await callApi(ctx, api.deviceGroup.update, { ...viewOnly, body: { name: 'X' } })).statusCode).toBe(403);
    expect((await callApi(ctx, api.deviceGroup.delete, viewOnly)).statusCode).toBe(403);
    const create = await callApi(ctx, api.deviceGroup.create, {
      token: operator,
      body: { name: 'X', org_id: org.kyiv },
    });
    expect(create.statusCode).toBe(403);
  });
});
