import { api } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { codes, insertMicromarket, insertProduct, insertTags } from '../../../test/factories/catalogue.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

/** Issue 10: the courier's micromarkets for today and the service opening by a one-time link. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
const db = () => ctx.database.db;

describe('courier micromarkets', () => {
  it('lists the micromarkets the plan has work for, with place and state, and opens one by a one-time link', async () => {
    const tenant = await createTenant(db());
    const orgId = tenant.org.main;
    const operator = await tenant.token('operator');
    const courier = await tenant.token('courier');
    const busy = await insertMicromarket(db(), orgId, uniqueName('Busy'), {
      courierLatitude: 50.45,
      courierLongitude: 30.52,
      connection: 'online',
      door: 'closed',
      temperature: 4.5,
    });
    const idle = await insertMicromarket(db(), orgId, uniqueName('Idle'));
    const milk = await insertProduct(db(), orgId, { name: uniqueName('Milk') });
    const template = await okApi(ctx, api.planogram.createTemplate, {
      token: operator,
      body: {
        name: 'Milk shelf',
        layout: { shelves: [{ number: 1, sections: [{ product_id: milk, capacity: 5 }] }] },
      },
    });
    await okApi(ctx, api.planogram.apply, {
      params: { id: busy },
      token: operator,
      body: { template_id: template.id },
    });

    const stops = (await callApi(ctx, api.courier.stops, { token: courier })).json();
    expect(stops.items.map((stop) => stop.id)).toEqual([busy]);
    expect(stops.items[0]).toMatchObject({
      bring: 5,
      take_out: 0,
      courier_latitude: 50.45,
      courier_longitude: 30.52,
      connection: 'online',
      door: 'closed',
      temperature: 4.5,
      locked: false,
      lines: [expect.objectContaining({ product_id: milk, bring: 5 })],
    });
    expect(stops.items.some((stop) => stop.id === idle)).toBe(false);

    const opening = await okApi(ctx, api.courier.open, { params: { id: busy }, token: courier });
    expect(opening.path).toMatch(/^\/notauth\/courier\/open\/fridge\/[0-9a-f-]{36}$/);
    // The link's public page knows the micromarket; the form behind it opens the door once.
    const token = opening.path.split('/').pop()!;
    const info = await callApi(ctx, api.openLink.courierInfo, { params: { token } });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ kind: 'courier', micromarket_name: expect.stringMatching(/^Busy/) });
  });

  it('keeps to the courier’s organisations', async () => {
    const tenant = await createTenant(db());
    const market = await insertMicromarket(db(), tenant.org.main, uniqueName('Theirs'));
    expect((await callApi(ctx, api.courier.stops)).statusCode).toBe(401);
    const support = await tenant.token('support');
    expect((await callApi(ctx, api.courier.stops, { token: support })).statusCode).toBe(403);
    const stranger = await (await createTenant(db())).token('courier');
    const open = await callApi(ctx, api.courier.open, { params: { id: market }, token: stranger });
    expect(open.statusCode).toBe(404);
    const theirs = (await callApi(ctx, api.courier.stops, { token: stranger })).json();
    expect(theirs.items.some((stop) => stop.id === market)).toBe(false);
  });

  it('loads scanned tags from storage, writes off or removes what is inside, and sums the stop’s day', async () => {
    const tenant = await createTenant(db());
    const orgId = tenant.org.main;
    const courier = await tenant.token('courier');
    const market = await insertMicromarket(db(), orgId, uniqueName('Stop'));
    const other = await insertMicromarket(db(), orgId, uniqueName('Other'));
    const juice = await insertProduct(db(), orgId, { name: uniqueName('Juice') });
    const prefix = `${Date.now().toString(16).toUpperCase()}C`;
    const [fresh1, fresh2, sold, elsewhere] = codes(prefix, 4) as [string, string, string, string];
    await insertTags(db(), orgId, juice, [
      { code: fresh1! },
      { code: fresh2! },
      { code: sold!, status: 'sold' },
      { code: elsewhere!, status: 'in_micromarket', micromarketId: other },
    ]);
    const stranger = await createTenant(db());
    const foreignProduct = await insertProduct(db(), stranger.org.main, { name: uniqueName('Foreign') });
    const [foreign] = codes(`${prefix}F`, 1) as [string];
    await insertTags(db(), stranger.org.main, foreignProduct, [{ code: foreign! }]);

    const load = await okApi(ctx, api.courier.load, {
      params: { id: market },
      token: courier,
      body: {
        codes: [fresh1, fresh2, sold, elsewhere, foreign, 'ABCDEF0123456789ABCDEF01'],
      },
    });
    expect(load.loaded).toBe(2);
    expect(load.refused.sort()).toEqual([sold, elsewhere, foreign, 'ABCDEF0123456789ABCDEF01'].sort());

    const notInside = await callApi(ctx, api.courier.takeOut, {
      params: { id: market },
      token: courier,
      body: { codes: [fresh1, elsewhere], action: 'write_off', reason: 'Expired' },
    });
    expect(notInside.statusCode).toBe(409);
    expect(notInside.error().message).toBe(`Not inside this micromarket: ${elsewhere}`);
    await okApi(ctx, api.courier.takeOut, {
      params: { id: market },
      token: courier,
      body: {
        codes: [fresh1],
        action: 'write_off',
        reason: 'Expired',
      },
    });

    const summary = (await callApi(ctx, api.courier.stop, { params: { id: market }, token: courier })).json();
    expect(summary).toMatchObject({ loaded_today: 2, written_off_today: 1, removed_today: 0 });
    const badReason = await callApi(ctx, api.courier.takeOut, {
      params: { id: market },
      token: courier,
      body: { codes: [fresh2], action: 'remove', reason: '' },
    });
    expect(badReason.statusCode).toBe(400);
    const strangerCourier = await stranger.token('courier');
    const theirs = await callApi(ctx, api.courier.load, {
      params: { id: market },
      token: strangerCourier,
      body: { codes: [fresh2] },
    });
    expect(theirs.statusCode).toBe(404);
    const operator = await tenant.token('operator');
    expect((await callApi(ctx, api.courier.stop, { params: { id: market }, token: operator })).statusCode).toBe(403);
  });
});
