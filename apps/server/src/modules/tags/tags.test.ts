import { api } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { insertBatch, insertMicromarket, insertProduct, insertTags } from '../../../test/factories/catalogue.js';
import { createTenant, type Tenant } from '../../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
let tenant: Tenant;
const ids: Record<string, number> = {};
let mainProduct: number;
let otherProduct: number;
let mainMarket: number;
let batchId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  tenant = await createTenant(ctx.database.db);
  mainMarket = await insertMicromarket(ctx.database.db, tenant.org.main, 'Lobby');
  const krakowMarket = await insertMicromarket(ctx.database.db, tenant.org.krakow, 'Rynek');
  mainProduct = await insertProduct(ctx.database.db, tenant.org.main, { name: 'Sandwich' });
  otherProduct = await insertProduct(ctx.database.db, tenant.org.main, { name: 'Juice' });
  const kyivProduct = await insertProduct(ctx.database.db, tenant.org.kyiv, { name: 'Borscht' });
  const krakowProduct = await insertProduct(ctx.database.db, tenant.org.krakow, { name: 'Pierogi' });
  batchId = await insertBatch(ctx.database.db, tenant.org.main, otherProduct);
  const rows = [
    ...(await insertTags(ctx.database.db, tenant.org.main, mainProduct, [
      { code: 'AA000001' },
      { code: 'AA000002', status: 'in_micromarket', micromarketId: mainMarket, storeUpToHours: 10 },
      { code: 'AA000003', status: 'sold', micromarketId: mainMarket, createdAt: new Date('2024-01-10T23:30:00Z') },
      { code: 'AA000004', status: 'removed', createdAt: new Date('2024-01-11T00:00:00Z') },
      { code: 'AA000005', status: 'written_off' },
      { code: 'AA000006', status: 'not_paid', micromarketId: mainMarket },
      { code: 'AA000007', storeUpToHours: -5 },
    ])),
    ...(await insertTags(ctx.database.db, tenant.org.main, otherProduct, [
      { code: 'AB000001', status: 'in_micromarket', micromarketId: mainMarket, storeUpToHours: -1, batchId },
      { code: 'AB000002', batchId },
    ])),
    ...(await insertTags(ctx.database.db, tenant.org.kyiv, kyivProduct, [
      { code: 'BB000001' },
      { code: 'BB000002', status: 'sold' },
    ])),
    ...(await insertTags(ctx.database.db, tenant.org.krakow, krakowProduct, [
      { code: 'CC000001' },
      { code: 'CC000002', status: 'in_micromarket', micromarketId: krakowMarket },
    ])),
  ];
  for (const row of rows) ids[row.code] = row.id;
});
afterAll(() => ctx.close());

async function listCodes(token: string, query: Record<string, string> = {}) {
  const response = await callApi(ctx, api.tag.list, { token, query: { per_page: '100', ...query } });
  expect(response.statusCode).toBe(200);
  return response.json().items.map((item) => item.code);
}

describe('GET /v1/tag/list', () => {
  it('lists the visible tags newest first, with product and micromarket names', async () => {
    const response = await callApi(ctx, api.tag.list, { token: await tenant.token('operator') });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.items.map((item) => item.code)).toEqual([
      'CC000002',
      'CC000001',
      'BB000002',
      'BB000001',
      'AB000002',
      'AB000001',
      'AA000007',
      'AA000006',
      'AA000005',
      'AA000004',
      'AA000003',
      'AA000002',
      'AA000001',
    ]);
    expect(body.next_cursor).toBeNull();
    expect(body.items.find((item) => item.code === 'AA000002')).toMatchObject({
      org_id: tenant.org.main,
      status: 'in_micromarket',
      product_id: mainProduct,
      product_name: 'Sandwich',
      micromarket_id: mainMarket,
      micromarket_name: 'Lobby',
      sold_at: null,
    });
  });

  it('shows a sub-organisation only its own tags', async () => {
    expect(await listCodes(await tenant.token('franchisor'))).toEqual(['CC000002', 'CC000001']);
    expect(await listCodes(await tenant.token('franchisor'), { org_id: String(tenant.org.main) })).toEqual([]);
  });

  it('filters by status, product, micromarket, batch and organisation', async () => {
    const token = await tenant.token('operator');
    expect(await listCodes(token, { status: 'new' })).toEqual([
      'CC000001',
      'BB000001',
      'AB000002',
      'AA000007',
      'AA000001',
    ]);
    expect(await listCodes(token, { product_id: String(otherProduct) })).toEqual(['AB000002', 'AB000001']);
    expect(await listCodes(token, { product_id: String(mainProduct), status: 'sold' })).toEqual(['AA000003']);
    expect(await listCodes(token, { micromarket_id: String(mainMarket) })).toEqual([
      'AB000001',
      'AA000006',
      'AA000003',
      'AA000002',
    ]);
    expect(await listCodes(token, { batch_id: String(batchId), status: 'new' })).toEqual(['AB000002']);
    expect(await listCodes(token, { org_id: String(tenant.org.kyiv) })).toEqual(['BB000002', 'BB000001']);
    expect(await listCodes(token, { org_id: String(tenant.org.main), status: 'in_micromarket' })).toEqual([
      'AB000001',
      'AA000002',
    ]);
  });

  it('filters by code prefix, creation days and expiry', async () => {
    const token = await tenant.token('operator');
    expect(await listCodes(token, { q: 'ab' })).toEqual(['AB000002', 'AB000001']);
    expect(await listCodes(token, { q: 'AA00000F' })).toEqual([]);
    expect(await listCodes(token, { q: 'ZZ%' })).toEqual([]);
    expect(await listCodes(token, { from: '2024-01-10', to: '2024-01-10' })).toEqual(['AA000003']);
    expect(await listCodes(token, { from: '2024-01-10', to: '2024-01-11' })).toEqual(['AA000004', 'AA000003']);
    expect(await listCodes(token, { from: '2024-01-11', to: '2024-01-11' })).toEqual(['AA000004']);
    expect(await listCodes(token, { expiry: 'expired' })).toEqual(['AB000001', 'AA000007']);
    expect(await listCodes(token, { expiry: 'expiring' })).toEqual(['AA000002']);
    expect(await listCodes(token, { expiry: 'expired', status: 'new' })).toEqual(['AA000007']);
  });

  it('answers 400 naming the field', async () => {
    const token = await tenant.token('operator');
    const bad = await callApi(ctx, api.tag.list, { token, query: { per_page: '101', status: 'lost' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.error().fields!).sort()).toEqual(['per_page', 'status']);
    const cursor = await callApi(ctx, api.tag.list, { token, query: { cursor: 'not-a-cursor' } });
    expect(cursor.statusCode).toBe(400);
    expect(Object.keys(cursor.error().fields!)).toEqual(['cursor']);
    const day = await callApi(ctx, api.tag.list, { token, query: { from: '2024-13-01' } });
    expect(Object.keys(day.error().fields!)).toEqual(['from']);
  });
});

describe('GET /v1/tag/counts', () => {
  it('counts every status group, zeros included', async () => {
    const token = await tenant.token('operator');
    const response = await callApi(ctx, api.tag.counts, {
      token,
      query: { product_id: String(otherProduct), org_id: String(tenant.org.main) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      counts: { new: 1, in_micromarket: 1, sold: 0, removed: 0, written_off: 0, not_paid: 0 },
    });
    const expiring = await callApi(ctx, api.tag.counts, { token, query: { expiry: 'expired', q: 'A' } });
    expect(expiring.json().counts).toEqual({
      new: 1,
      in_micromarket: 1,
      sold: 0,
      removed: 0,
      written_off: 0,
      not_paid: 0,
    });
  });

  it('counts only the visible organisations', async () => {
    const response = await callApi(ctx, api.tag.counts, {
      token: await tenant.token('franchisor'),
      query: { q: 'CC' },
    });
    expect(response.json().counts).toEqual({
      new: 1,
      in_micromarket: 1,
      sold: 0,
      removed: 0,
      written_off: 0,
      not_paid: 0,
    });
  });

  it('answers 400 naming the field', async () => {
    const bad = await callApi(ctx, api.tag.counts, {
      token: await tenant.token('operator'),
      query: { expiry: 'soon' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.error().fields!)).toEqual(['expiry']);
  });
});

describe('GET /v1/tag/info/{id}', () => {
  it('answers a visible tag', async () => {
    const response = await callApi(ctx, api.tag.info, {
      params: { id: ids.CC000002 },
      token: await tenant.token('franchisor'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 'CC000002', product_name: 'Pierogi', micromarket_name: 'Rynek' });
  });

  it('answers 404 for another organisation’s tag and unknown ids, and 400', async () => {
    const franchisor = await tenant.token('franchisor');
    expect((await callApi(ctx, api.tag.info, { params: { id: ids.AA000001 }, token: franchisor })).statusCode).toBe(
      404,
    );
    expect((await callApi(ctx, api.tag.info, { params: { id: 999999 }, token: franchisor })).statusCode).toBe(404);
    const bad = await callApi(ctx, api.tag.info, { params: { id: 'abc' }, token: franchisor });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.error().fields!)).toEqual(['id']);
  });
});
