import { api } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { codes, insertMicromarket, insertProduct, insertTags } from '../../../test/factories/catalogue.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { deviceEvents, tags } from '../../db/schema/index.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const MINUTE_MS = 60_000;
let prefix = 0xa000;
const nextCodes = (count: number) => codes((prefix++).toString(16).toUpperCase(), count);

/** A micromarket of main with a priced and a plain product, tags in it, sold and written off. */
async function stockWorld() {
  const tenant = await createTenant(ctx.database.db);
  const db = ctx.database.db;
  const operator = await tenant.token('operator');
  const market = await insertMicromarket(db, tenant.org.main, uniqueName('Stock'));
  const other = await insertMicromarket(db, tenant.org.main, uniqueName('Other'));
  const cola = await insertProduct(db, tenant.org.main, { name: uniqueName('Cola'), sellCostMinor: 4000 });
  const salad = await insertProduct(db, tenant.org.main, { name: uniqueName('Salad'), sellCostMinor: 9000 });
  const [c1, c2, s1, sold, gone] = nextCodes(5) as [string, string, string, string, string];
  const rows = await insertTags(db, tenant.org.main, cola, [
    { code: c1, status: 'in_micromarket', micromarketId: market },
    { code: c2, status: 'in_micromarket', micromarketId: market },
    { code: sold, status: 'sold', micromarketId: market },
  ]);
  const saladRows = await insertTags(db, tenant.org.main, salad, [
    { code: s1, status: 'in_micromarket', micromarketId: market },
    { code: gone, status: 'in_micromarket', micromarketId: other },
  ]);
  // Placed at different times: the list shows the latest placed first.
  const now = Date.now();
  await db
    .update(tags)
    .set({ updatedAt: new Date(now - 30 * MINUTE_MS) })
    .where(eq(tags.id, rows[0]!.id));
  await db
    .update(tags)
    .set({ updatedAt: new Date(now - 20 * MINUTE_MS) })
    .where(eq(tags.id, saladRows[0]!.id));
  await db
    .update(tags)
    .set({ updatedAt: new Date(now - 10 * MINUTE_MS) })
    .where(eq(tags.id, rows[1]!.id));
  return { tenant, operator, market, other, cola, salad, codes: { c1, c2, s1, sold, gone }, ids: { c1: rows[0]!.id } };
}

describe('GET /v1/device/stock/:id (products on sale)', () => {
  it('lists the tags in the micromarket, latest placed first, at the price after personal price and discount', async () => {
    const { operator, market, cola, codes: c } = await stockWorld();
    const before = (await callApi(ctx, api.micromarket.stock, { params: { id: market }, token: operator })).json();
    expect(before.total).toBe(3);
    expect(before.items.map((item: { code: string }) => item.code)).toEqual([c.c2, c.s1, c.c1]);
    expect(before.items[0]).toMatchObject({ product_id: cola, price: 4000, placed_at: expect.any(String) });
    expect(before.items[1]!.price).toBe(9000);

    await okApi(ctx, api.micromarket.upsertPrice, {
      params: { id: market },
      token: operator,
      body: { product_id: cola, price: 3000 },
    });
    await okApi(ctx, api.micromarket.createDiscount, {
      params: { id: market },
      token: operator,
      body: { percent: 10 },
    });
    const after = (await callApi(ctx, api.micromarket.stock, { params: { id: market }, token: operator })).json();
    expect(after.items.map((item: { price: number }) => item.price)).toEqual([2700, 8100, 2700]);
  });

  it('pages and filters by product', async () => {
    const { operator, market, salad, codes: c } = await stockWorld();
    const page2 = (
      await callApi(ctx, api.micromarket.stock, {
        params: { id: market },
        token: operator,
        query: { page: '2', per_page: '2' },
      })
    ).json();
    expect(page2).toMatchObject({ total: 3, items: [{ code: c.c1 }] });
    const salads = (
      await callApi(ctx, api.micromarket.stock, {
        params: { id: market },
        token: operator,
        query: { product_id: String(salad) },
      })
    ).json();
    expect(salads.items.map((item: { code: string }) => item.code)).toEqual([c.s1]);
  });
});

describe('GET /v1/device/written-off/:id', () => {
  it('lists what was written off from this micromarket with when and why, newest first', async () => {
    const { operator, market, codes: c, ids } = await stockWorld();
    expect(
      (await callApi(ctx, api.micromarket.writtenOff, { params: { id: market }, token: operator })).json(),
    ).toEqual({ items: [], total: 0 });
    const [first] = await ctx.database.db.select({ id: tags.id }).from(tags).where(eq(tags.code, c.s1));
    await okApi(ctx, api.tag.writeOff, { token: operator, body: { ids: [first!.id], reason: 'Expired' } });
    await okApi(ctx, api.tag.writeOff, { token: operator, body: { ids: [ids.c1], reason: 'Damaged package' } });

    const list = (await callApi(ctx, api.micromarket.writtenOff, { params: { id: market }, token: operator })).json();
    expect(list.total).toBe(2);
    expect(list.items).toMatchObject([
      { code: c.c1, reason: 'Damaged package', written_off_at: expect.any(String) },
      { code: c.s1, reason: 'Expired' },
    ]);
    // Written-off tags are no longer on sale.
    const stock = (await callApi(ctx, api.micromarket.stock, { params: { id: market }, token: operator })).json();
    expect(stock.items.map((item: { code: string }) => item.code)).toEqual([c.c2]);
  });
});

describe('stock and written off: sessions, permissions, organisations', () => {
  it('answers 401 without a session, 403 without show_device_page, 404 for another organisation', async () => {
    const { tenant, market } = await stockWorld();
    const courier = await tenant.token('courier');
    const stranger = await (await createTenant(ctx.database.db)).token('operator');
    for (const endpoint of [api.micromarket.stock, api.micromarket.writtenOff]) {
      const path = endpoint.path;
      const params = { id: market };
      expect((await callApi(ctx, endpoint, { params })).statusCode, path).toBe(401);
      expect((await callApi(ctx, endpoint, { params, token: courier })).statusCode, path).toBe(403);
      expect((await callApi(ctx, endpoint, { params, token: stranger })).statusCode, path).toBe(404);
      expect((await callApi(ctx, endpoint, { params: { id: 2147483647 }, token: stranger })).statusCode, path).toBe(
        404,
      );
    }
  });

  it('shows a view-only sub-organisation’s stock to the main organisation', async () => {
    const { tenant, operator } = await stockWorld();
    const kyivMarket = await insertMicromarket(ctx.database.db, tenant.org.kyiv, uniqueName('Podil'));
    const product = await insertProduct(ctx.database.db, tenant.org.kyiv, { name: uniqueName('Water') });
    await insertTags(ctx.database.db, tenant.org.kyiv, product, [
      { code: nextCodes(1)[0]!, status: 'in_micromarket', micromarketId: kyivMarket },
    ]);
    const list = (await callApi(ctx, api.micromarket.stock, { params: { id: kyivMarket }, token: operator })).json();
    expect(list).toMatchObject({ total: 1, items: [{ product_id: product, price: 5000 }] });
  });
});

describe('GET /v1/device/event/list/:id filters', () => {
  it('filters the history by kind, period and text, and refuses an unknown kind', async () => {
    const { operator, market } = await stockWorld();
    const db = ctx.database.db;
    await db.insert(deviceEvents).values([
      { micromarketId: market, kind: 'door_opened', at: new Date('2026-03-01T10:00:00Z'), actorLabel: 'device' },
      { micromarketId: market, kind: 'door_closed', at: new Date('2026-03-01T10:05:00Z'), actorLabel: 'device' },
      {
        micromarketId: market,
        kind: 'settings_changed',
        at: new Date('2026-03-02T23:59:00Z'),
        actorLabel: 'Taras Melnyk',
        details: { keys: ['hold_amount'] },
      },
      { micromarketId: market, kind: 'door_opened', at: new Date('2026-03-04T08:00:00Z'), actorLabel: 'device' },
    ]);
    const kinds = async (query: Record<string, string>) => {
      const response = await callApi(ctx, api.micromarket.events, { params: { id: market }, token: operator, query });
      expect(response.statusCode, JSON.stringify(query)).toBe(200);
      return response
        .json()
        .items.map((event: { kind: string; at: string }) => `${event.kind}@${event.at.slice(0, 10)}`);
    };
    expect(await kinds({ kind: 'door_opened' })).toEqual(['door_opened@2026-03-04', 'door_opened@2026-03-01']);
    expect(await kinds({ from: '2026-03-02', to: '2026-03-02' })).toEqual(['settings_changed@2026-03-02']);
    expect(await kinds({ kind: 'door_opened', to: '2026-03-03' })).toEqual(['door_opened@2026-03-01']);
    expect(await kinds({ q: 'HOLD_' })).toEqual(['settings_changed@2026-03-02']);
    expect(await kinds({ q: 'melnyk' })).toEqual(['settings_changed@2026-03-02']);
    expect(await kinds({ q: '%' })).toEqual([]);

    const bad = await callApi(ctx, api.micromarket.events, {
      params: { id: market },
      token: operator,
      query: { kind: 'nope', from: '2026-13-01' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.error().fields!).sort()).toEqual(['from', 'kind']);
  });
});

describe('isolation', () => {
  it('never lists another micromarket’s tags', async () => {
    const { operator, other, codes: c } = await stockWorld();
    const list = (await callApi(ctx, api.micromarket.stock, { params: { id: other }, token: operator })).json();
    expect(list.items.map((item: { code: string }) => item.code)).toEqual([c.gone]);
  });
});
