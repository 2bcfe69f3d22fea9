import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, ORG, type TestContext } from '../../../test/helper.js';
import { tags } from '../../db/schema/index.js';
import { codes, insertMicromarket, insertProduct, loginCatalogueManager } from './tag-fixtures.js';

let ctx: TestContext;
let market: number;
const product = { main: 0, other: 0, kyiv: 0, krakow: 0 };
const batch = { moving: 0, other: 0, kyiv: 0, krakow: 0 };

async function programBatch(productId: number, batchCodes: string[]): Promise<number> {
  const response = await call(ctx, 'POST', '/v1/tag/program', {
    token: await ctx.login('admin'),
    payload: { product_id: productId, codes: batchCodes },
  });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json().batch_id;
}

/** Loading into a fridge and selling come from devices, which have no API here yet. */
async function setStatus(codeList: string[], status: 'in_micromarket' | 'sold') {
  await ctx.database.db.update(tags).set({ status, micromarketId: market }).where(inArray(tags.code, codeList));
}

beforeAll(async () => {
  ctx = await createTestContext();
  market = await insertMicromarket(ctx, ORG.main, 'Canteen');
  product.main = await insertProduct(ctx, ORG.main, { name: 'Yogurt' });
  product.other = await insertProduct(ctx, ORG.main, { name: 'Kefir' });
  product.kyiv = await insertProduct(ctx, ORG.kyiv, { name: 'Varenyky' });
  product.krakow = await insertProduct(ctx, ORG.krakow, { name: 'Oscypek' });
  batch.moving = await programBatch(product.main, codes('AA', 3));
  batch.other = await programBatch(product.other, codes('BB', 2));
  batch.kyiv = await programBatch(product.kyiv, codes('CC', 1));
  batch.krakow = await programBatch(product.krakow, codes('DD', 2));
});
afterAll(() => ctx.close());

const list = async (token: string, query: Record<string, string> = {}) => {
  const response = await call(ctx, 'GET', '/v1/storage/list', { token, query });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('storage batch status', () => {
  it('moves from in use (0) to all in micromarket (1) to used (2) as its tags move', async () => {
    const token = await ctx.login('operator');
    const info = async () => (await call(ctx, 'GET', `/v1/storage/info/${batch.moving}`, { token })).json();
    expect(await info()).toMatchObject({
      product_name: 'Yogurt',
      created_by_name: 'Olena Kovalenko',
      total: 3,
      status: 0,
      counts: { new: 3, in_micromarket: 0, sold: 0, removed: 0, written_off: 0, not_paid: 0 },
    });

    const [first, second, third] = codes('AA', 3) as [string, string, string];
    await setStatus([first, second], 'in_micromarket');
    expect((await info()).status).toBe(0);
    const [row] = await ctx.database.db.select({ id: tags.id }).from(tags).where(eq(tags.code, third));
    await call(ctx, 'POST', '/v1/tag/remove', { token, payload: { ids: [row!.id], reason: 'Dented' } });
    expect((await info()).status).toBe(0);
    await setStatus([third], 'in_micromarket');
    expect(await info()).toMatchObject({ status: 1, counts: { in_micromarket: 3, new: 0, removed: 0 } });
    await setStatus([first, second], 'sold');
    expect((await info()).status).toBe(1);
    await call(ctx, 'POST', '/v1/tag/write-off', { token, payload: { ids: [row!.id], reason: 'Expired' } });
    expect(await info()).toMatchObject({ status: 2, counts: { sold: 2, written_off: 1, in_micromarket: 0 } });
  });
});

describe('GET /v1/storage/list', () => {
  it('lists the visible batches newest first, with counts and status', async () => {
    const body = await list(await ctx.login('operator'));
    expect(body.total).toBe(4);
    expect(body.items.map((item: { id: number }) => item.id)).toEqual([
      batch.krakow,
      batch.kyiv,
      batch.other,
      batch.moving,
    ]);
    expect(body.items[0]).toMatchObject({ org_id: ORG.krakow, product_name: 'Oscypek', total: 2, status: 0 });
    const second = await list(await ctx.login('operator'), { per_page: '1', page: '2' });
    expect(second).toMatchObject({ total: 4, items: [{ id: batch.kyiv }] });
  });

  it('filters by status in the database, so pages and totals stay right', async () => {
    const token = await ctx.login('operator');
    const used = await list(token, { status: '2' });
    expect(used).toMatchObject({ total: 1, items: [{ id: batch.moving, status: 2 }] });
    const inUse = await list(token, { status: '0', per_page: '2', page: '2' });
    expect(inUse.total).toBe(3);
    expect(inUse.items.map((item: { id: number }) => item.id)).toEqual([batch.other]);
    expect((await list(token, { status: '1' })).total).toBe(0);
    await setStatus(codes('BB', 2), 'in_micromarket');
    expect(await list(token, { status: '1' })).toMatchObject({ total: 1, items: [{ id: batch.other, status: 1 }] });
  });

  it('filters by product and organisation', async () => {
    const token = await ctx.login('operator');
    expect((await list(token, { product_id: String(product.main) })).items.map((b: { id: number }) => b.id)).toEqual([
      batch.moving,
    ]);
    expect((await list(token, { org_id: String(ORG.kyiv) })).items.map((b: { id: number }) => b.id)).toEqual([
      batch.kyiv,
    ]);
  });

  it('answers 400 naming the field, 401, 403 without the permission', async () => {
    const bad = await call(ctx, 'GET', '/v1/storage/list', {
      token: await ctx.login('operator'),
      query: { status: '3', page: '0' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['page', 'status']);
    expect((await call(ctx, 'GET', '/v1/storage/list')).statusCode).toBe(401);
    // The franchisor sees tags but not the storage screen.
    expect((await call(ctx, 'GET', '/v1/storage/list', { token: await ctx.login('franchisor') })).statusCode).toBe(403);
  });
});

describe('GET /v1/storage/info/{id}', () => {
  it('answers 404 for another organisation’s batch and unknown ids; 400, 401 and 403', async () => {
    const krakow = await loginCatalogueManager(ctx, ORG.krakow, 'storage.krakow@vitrina.local');
    expect((await call(ctx, 'GET', `/v1/storage/info/${batch.krakow}`, { token: krakow })).statusCode).toBe(200);
    expect((await call(ctx, 'GET', `/v1/storage/info/${batch.moving}`, { token: krakow })).statusCode).toBe(404);
    expect((await call(ctx, 'GET', '/v1/storage/info/999999', { token: krakow })).statusCode).toBe(404);
    expect((await list(krakow)).items.map((b: { id: number }) => b.id)).toEqual([batch.krakow]);
    const bad = await call(ctx, 'GET', '/v1/storage/info/0', { token: krakow });
    expect(Object.keys(bad.json().fields)).toEqual(['id']);
    expect((await call(ctx, 'GET', `/v1/storage/info/${batch.moving}`)).statusCode).toBe(401);
    expect(
      (await call(ctx, 'GET', `/v1/storage/info/${batch.moving}`, { token: await ctx.login('courier') })).statusCode,
    ).toBe(403);
  });
});
