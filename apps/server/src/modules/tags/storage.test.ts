import { api } from '@vitrina/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { codes, insertMicromarket, insertProduct } from '../../../test/factories/catalogue.js';
import { uniqueCodePrefix } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createPlatformAdmin } from '../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { tags } from '../../db/schema/index.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A tenant with four batches written through the API, oldest first: moving, other, kyiv, krakow. */
async function storageWorld() {
  const db = ctx.database.db;
  const tenant = await createTenant(db);
  const { main, kyiv, krakow } = tenant.org;
  const prefix = uniqueCodePrefix();
  const codesOf = (name: string, count: number) => codes(`${prefix}${name}`, count);
  const market = await insertMicromarket(db, main, 'Canteen');
  const product = {
    main: await insertProduct(db, main, { name: 'Yogurt' }),
    other: await insertProduct(db, main, { name: 'Kefir' }),
    kyiv: await insertProduct(db, kyiv, { name: 'Varenyky' }),
    krakow: await insertProduct(db, krakow, { name: 'Oscypek' }),
  };
  // The batches' author, named as the assertions read them.
  const admin = (await createPlatformAdmin(db, main, { name: 'Olena Kovalenko' })).token;
  const programBatch = async (productId: number, batchCodes: string[]): Promise<number> => {
    const response = await callApi(ctx, api.tag.program, {
      token: admin,
      body: { product_id: productId, codes: batchCodes },
    });
    if (response.statusCode !== 200) throw new Error(response.body);
    return response.json().batch_id;
  };
  const batch = {
    moving: await programBatch(product.main, codesOf('AA', 3)),
    other: await programBatch(product.other, codesOf('BB', 2)),
    kyiv: await programBatch(product.kyiv, codesOf('CC', 1)),
    krakow: await programBatch(product.krakow, codesOf('DD', 2)),
  };
  /** Loading into a fridge and selling come from devices, which have no API here yet. */
  const setStatus = async (codeList: string[], status: 'in_micromarket' | 'sold' | 'written_off') => {
    await db.update(tags).set({ status, micromarketId: market }).where(inArray(tags.code, codeList));
  };
  return { tenant, product, batch, codesOf, setStatus, operator: await tenant.token('operator') };
}

const list = async (token: string, query: Record<string, string> = {}) => {
  const response = await callApi(ctx, api.tag.storageList, { token, query });
  expect(response.statusCode).toBe(200);
  return response.json();
};
const idsOf = (body: { items: { id: number }[] }) => body.items.map((item) => item.id);

describe('storage batch status', () => {
  it('moves from in use (0) to all in micromarket (1) to used (2) as its tags move', async () => {
    const { batch, codesOf, setStatus, operator: token } = await storageWorld();
    const info = async () => (await callApi(ctx, api.tag.storageInfo, { params: { id: batch.moving }, token })).json();
    expect(await info()).toMatchObject({
      product_name: 'Yogurt',
      created_by_name: 'Olena Kovalenko',
      total: 3,
      status: 0,
      counts: { new: 3, in_micromarket: 0, sold: 0, removed: 0, written_off: 0, not_paid: 0 },
    });

    const [first, second, third] = codesOf('AA', 3) as [string, string, string];
    await setStatus([first, second], 'in_micromarket');
    expect((await info()).status).toBe(0);
    const [row] = await ctx.database.db.select({ id: tags.id }).from(tags).where(eq(tags.code, third));
    await callApi(ctx, api.tag.remove, { token, body: { ids: [row!.id], reason: 'Dented' } });
    expect((await info()).status).toBe(0);
    await setStatus([third], 'in_micromarket');
    expect(await info()).toMatchObject({ status: 1, counts: { in_micromarket: 3, new: 0, removed: 0 } });
    await setStatus([first, second], 'sold');
    expect((await info()).status).toBe(1);
    await callApi(ctx, api.tag.writeOff, { token, body: { ids: [row!.id], reason: 'Expired' } });
    expect(await info()).toMatchObject({ status: 2, counts: { sold: 2, written_off: 1, in_micromarket: 0 } });
  });
});

describe('GET /v1/storage/list', () => {
  it('lists the visible batches newest first, with counts and status', async () => {
    const { tenant, batch, operator } = await storageWorld();
    const body = await list(operator);
    expect(body.total).toBe(4);
    expect(idsOf(body)).toEqual([batch.krakow, batch.kyiv, batch.other, batch.moving]);
    expect(body.items[0]).toMatchObject({ org_id: tenant.org.krakow, product_name: 'Oscypek', total: 2, status: 0 });
    const second = await list(operator, { per_page: '1', page: '2' });
    expect(second).toMatchObject({ total: 4, items: [{ id: batch.kyiv }] });
  });

  it('filters by status in the database, so pages and totals stay right', async () => {
    const { batch, codesOf, setStatus, operator: token } = await storageWorld();
    const [first, second, third] = codesOf('AA', 3) as [string, string, string];
    await setStatus([first, second], 'sold');
    await setStatus([third], 'written_off');
    const used = await list(token, { status: '2' });
    expect(used).toMatchObject({ total: 1, items: [{ id: batch.moving, status: 2 }] });
    const inUse = await list(token, { status: '0', per_page: '2', page: '2' });
    expect(inUse.total).toBe(3);
    expect(idsOf(inUse)).toEqual([batch.other]);
    expect((await list(token, { status: '1' })).total).toBe(0);
    await setStatus(codesOf('BB', 2), 'in_micromarket');
    expect(await list(token, { status: '1' })).toMatchObject({ total: 1, items: [{ id: batch.other, status: 1 }] });
  });

  it('filters by product and organisation', async () => {
    const { tenant, product, batch, operator: token } = await storageWorld();
    expect(idsOf(await list(token, { product_id: String(product.main) }))).toEqual([batch.moving]);
    expect(idsOf(await list(token, { org_id: String(tenant.org.kyiv) }))).toEqual([batch.kyiv]);
  });

  it('answers 400 naming the field', async () => {
    const { operator } = await storageWorld();
    const bad = await callApi(ctx, api.tag.storageList, { token: operator, query: { status: '3', page: '0' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.error().fields!).sort()).toEqual(['page', 'status']);
  });
});

describe('GET /v1/storage/info/{id}', () => {
  it('answers 404 for another organisation’s batch and unknown ids, and 400 for a bad id', async () => {
    const { tenant, batch } = await storageWorld();
    const krakow = await tenant.token('catalogueManager');
    expect((await callApi(ctx, api.tag.storageInfo, { params: { id: batch.krakow }, token: krakow })).statusCode).toBe(
      200,
    );
    expect((await callApi(ctx, api.tag.storageInfo, { params: { id: batch.moving }, token: krakow })).statusCode).toBe(
      404,
    );
    expect((await callApi(ctx, api.tag.storageInfo, { params: { id: 999999 }, token: krakow })).statusCode).toBe(404);
    expect(idsOf(await list(krakow))).toEqual([batch.krakow]);
    const bad = await callApi(ctx, api.tag.storageInfo, { params: { id: 0 }, token: krakow });
    expect(Object.keys(bad.error().fields!)).toEqual(['id']);
  });
});
