import { api, type TCreateCategory, type TCreateMaker, type TCreateProduct } from '@vitrina/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { uniqueCodePrefix } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createPlatformAdmin } from '../../../test/factories/users.js';
import { call, createTestContext, type TestContext } from '../../../test/helper.js';
import { productReviews, products, tags } from '../../db/schema/index.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Item = { id: number; name: string };
const names = (body: { items: Item[] }) => body.items.map((item) => item.name);

/** A tenant with a small catalogue over its three organisations, and reviews of the water. */
async function productWorld() {
  const db = ctx.database.db;
  const tenant = await createTenant(db);
  const { org } = tenant;
  const operatorUser = await tenant.user('operator');
  const operator = operatorUser.token;
  const admin = (await createPlatformAdmin(db, tenant.org.main)).token;
  const ids = { drinks: 0, water: 0, still: 0, snacks: 0, roshen: 0, krakowMaker: 0, krakowCategory: 0 };
  const product = { water: 0, cola: 0, candy: 0, archived: 0, kyiv: 0, krakow: 0 };
  const create = {
    maker: async (body: TCreateMaker, token = operator) => (await okApi(ctx, api.maker.create, { token, body })).id,
    category: async (body: TCreateCategory, token = operator) =>
      (await okApi(ctx, api.category.create, { token, body })).id,
    product: async (body: TCreateProduct, token = operator) =>
      (await okApi(ctx, api.product.create, { token, body })).id,
  };
  ids.drinks = await create.category({ name: 'Drinks' });
  ids.water = await create.category({ name: 'Water', parent_id: ids.drinks });
  ids.still = await create.category({ name: 'Still', parent_id: ids.water });
  ids.snacks = await create.category({ name: 'Snacks' });
  ids.roshen = await create.maker({ name: 'Roshen' });
  ids.krakowMaker = await create.maker({ name: 'Wedel', org_id: org.krakow });
  ids.krakowCategory = await create.category({ name: 'Sweets', org_id: org.krakow });
  product.water = await create.product({
    name: 'Morshynska 0.5',
    article: 'MR-05',
    barcode: '4820017000000',
    sell_cost: 2500,
    category_id: ids.still,
    show_in_orders: false,
  });
  product.cola = await create.product({
    name: 'Cola 100%_zero',
    sell_cost: 3000,
    category_id: ids.drinks,
  });
  product.candy = await create.product({
    name: 'Candy',
    sell_cost: 500,
    maker_id: ids.roshen,
    category_id: ids.snacks,
  });
  product.archived = await create.product({ name: 'Old water', sell_cost: 100, category_id: ids.water });
  await okApi(ctx, api.product.status, { token: operator, body: { ids: [product.archived], status: 'archived' } });
  product.kyiv = await create.product({ name: 'Kyiv bun', sell_cost: 900, org_id: org.kyiv }, admin);
  product.krakow = await create.product({ name: 'Pączek', sell_cost: 400, org_id: org.krakow });
  await db.insert(productReviews).values([
    { productId: product.water, rating: 5, reaction: 1 },
    { productId: product.water, rating: 4, reaction: 1 },
    { productId: product.water, rating: 4, reaction: -1 },
    { productId: product.water, rating: null, reaction: 1 },
  ]);
  return { tenant, org, operator, operatorName: operatorUser.name, editor: await tenant.token('editor'), ids, product };
}

describe('GET /v1/product/list', () => {
  it('answers products with maker, category path, currency and review aggregates', async () => {
    const { operator, product } = await productWorld();
    const response = await callApi(ctx, api.product.list, { token: operator, query: { sort: 'name' } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(names(body)).toEqual(['Candy', 'Cola 100%_zero', 'Kyiv bun', 'Morshynska 0.5', 'Pączek']);
    expect(body.total).toBe(5);
    const water = body.items.find((p) => p.id === product.water);
    expect(water).toMatchObject({
      category_path: [{ name: 'Drinks' }, { name: 'Water' }, { name: 'Still' }],
      currency: 'UAH',
      rating: 4.3,
      likes: 3,
      dislikes: 1,
      image_url: null,
    });
    expect(body.items.find((p) => p.id === product.candy)).toMatchObject({ maker_name: 'Roshen', rating: null });
    expect(body.items.find((p) => p.id === product.krakow)!.currency).toBe('PLN');
  });

  it('filters by text, any category level, maker, organisation, status and flags; pages and sorts', async () => {
    const { org, operator, ids } = await productWorld();
    const list = async (query: Record<string, string>) =>
      names((await callApi(ctx, api.product.list, { token: operator, query: { sort: 'name', ...query } })).json());
    expect(await list({ q: 'mr-0' })).toEqual(['Morshynska 0.5']);
    expect(await list({ q: 'PĄCZ' })).toEqual(['Pączek']);
    expect(await list({ q: '48200170' })).toEqual(['Morshynska 0.5']);
    expect(await list({ q: '100%_' })).toEqual(['Cola 100%_zero']);
    expect(await list({ q: '0%_z' })).toEqual(['Cola 100%_zero']);
    expect(await list({ q: '%' })).toEqual(['Cola 100%_zero']);
    expect(await list({ category_id: String(ids.drinks) })).toEqual(['Cola 100%_zero', 'Morshynska 0.5']);
    expect(await list({ category_id: String(ids.water) })).toEqual(['Morshynska 0.5']);
    expect(await list({ maker_id: String(ids.roshen) })).toEqual(['Candy']);
    expect(await list({ org_id: String(org.krakow) })).toEqual(['Pączek']);
    expect(await list({ status: 'archived' })).toEqual(['Old water']);
    expect(await list({ category_id: String(ids.water), status: 'archived' })).toEqual(['Old water']);
    expect(await list({ show_in_orders: 'false' })).toEqual(['Morshynska 0.5']);
    expect(await list({ is_public: 'false' })).toEqual([]);
    expect(await list({ sort: '-sell_cost', per_page: '2', page: '2' })).toEqual(['Kyiv bun', 'Candy']);
  });

  it('shows a sub-organisation only its own products', async () => {
    const { tenant } = await productWorld();
    const list = await callApi(ctx, api.product.list, { token: await tenant.token('franchisor') });
    expect(names(list.json())).toEqual(['Pączek']);
  });

  it('answers 400 naming the fields', async () => {
    const { operator } = await productWorld();
    const bad = await callApi(ctx, api.product.list, {
      token: operator,
      query: { status: 'gone', is_public: 'yes', sort: 'rating' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.error().fields!).sort()).toEqual(['is_public', 'sort', 'status']);
  });
});

describe('GET /v1/product/info/{id}', () => {
  it('answers the product with its tag counts by status', async () => {
    const { org, operator, product } = await productWorld();
    const storeUpTo = new Date(Date.now() + 86_400_000);
    const prefix = uniqueCodePrefix();
    await ctx.database.db.insert(tags).values([
      { orgId: org.main, code: `${prefix}CCDD01`, productId: product.water, storeUpTo },
      { orgId: org.main, code: `${prefix}CCDD02`, productId: product.water, storeUpTo, status: 'sold' },
      { orgId: org.main, code: `${prefix}CCDD03`, productId: product.water, storeUpTo, status: 'sold' },
    ]);
    const response = await callApi(ctx, api.product.info, { params: { id: product.water }, token: operator });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Morshynska 0.5', rating: 4.3 });
    expect(response.json().tag_counts).toEqual({
      new: 1,
      in_micromarket: 0,
      sold: 2,
      removed: 0,
      written_off: 0,
      not_paid: 0,
    });
  });

  it('answers 400, and 404 for another organisation’s product', async () => {
    const { tenant, operator, product } = await productWorld();
    expect(
      (await callApi(ctx, api.product.info, { params: { id: 'x' }, token: operator })).error().fields,
    ).toHaveProperty('id');
    const franchisor = await tenant.token('franchisor');
    expect(
      (await callApi(ctx, api.product.info, { params: { id: product.water }, token: franchisor })).statusCode,
    ).toBe(404);
  });
});

describe('POST /v1/product/create', () => {
  it('creates with defaults in the caller’s organisation and audits it', async () => {
    const { org, operator, operatorName, ids } = await productWorld();
    const response = await callApi(ctx, api.product.create, {
      token: operator,
      body: { name: 'Juice', sell_cost: 4000, maker_id: ids.roshen, article: '' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      org_id: org.main,
      article: null,
      status: 'active',
      storage_period_hours: 72,
      show_in_orders: true,
      maker_name: 'Roshen',
      category_path: [],
      tag_counts: { new: 0 },
    });
    const history = await callApi(ctx, api.product.history, { params: { id: response.json().id }, token: operator });
    expect(history.json().items).toMatchObject([{ action: 'create', actor_name: operatorName }]);
  });

  it('refuses a maker or category of another organisation, naming the field', async () => {
    const { operator, editor, ids } = await productWorld();
    const maker = await callApi(ctx, api.product.create, {
      token: operator,
      body: { name: 'X', sell_cost: 1, maker_id: ids.krakowMaker },
    });
    expect(maker.statusCode).toBe(400);
    expect(maker.error().fields).toEqual({
      maker_id: 'The maker and the category must belong to the product’s organization',
    });
    const category = await callApi(ctx, api.product.create, {
      token: operator,
      body: { name: 'X', sell_cost: 1, category_id: ids.krakowCategory },
    });
    expect(Object.keys(category.error().fields!)).toEqual(['category_id']);
    const invisible = await callApi(ctx, api.product.create, {
      token: editor,
      body: { name: 'X', sell_cost: 1, maker_id: ids.roshen },
    });
    expect(invisible.statusCode).toBe(404);
    expect(Object.keys(invisible.error().fields!)).toEqual(['maker_id']);
  });

  it('answers 400 naming the fields and 403 view-only', async () => {
    const { org, operator } = await productWorld();
    // A status the create form does not offer.
    const bad = await call(ctx, 'POST', '/v1/product/create', {
      token: operator,
      payload: { name: '', sell_cost: -1, barcode: '!!', status: 'archived' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['barcode', 'name', 'sell_cost', 'status']);
    const payload = { name: 'X', sell_cost: 1 };
    const viewOnly = { ...payload, org_id: org.kyiv };
    expect((await callApi(ctx, api.product.create, { token: operator, body: viewOnly })).statusCode).toBe(403);
  });
});

describe('POST /v1/product/update/{id}', () => {
  it('changes only the fields sent and records before and after', async () => {
    const { operator, ids, product } = await productWorld();
    const response = await callApi(ctx, api.product.update, {
      params: { id: product.candy },
      token: operator,
      body: { sell_cost: 650, category_id: ids.drinks },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      sell_cost: 650,
      category_path: [{ name: 'Drinks' }],
      maker_name: 'Roshen',
      show_in_orders: true,
      storage_period_hours: 72,
    });
    const history = await callApi(ctx, api.product.history, { params: { id: product.candy }, token: operator });
    expect(history.json().items[0]).toMatchObject({
      action: 'update',
      before: { sell_cost: 500, category_id: ids.snacks },
      after: { sell_cost: 650, category_id: ids.drinks },
    });
  });

  it('refuses another organisation’s maker and bad fields', async () => {
    const { operator, ids, product } = await productWorld();
    const other = await callApi(ctx, api.product.update, {
      params: { id: product.candy },
      token: operator,
      body: { maker_id: ids.krakowMaker },
    });
    expect(other.statusCode).toBe(400);
    // A weight in words, and a status the form does not offer.
    const bad = await call(ctx, 'POST', `/v1/product/update/${product.candy}`, {
      token: operator,
      payload: { weight_g: 'heavy', status: 'archived' },
    });
    expect(Object.keys(bad.json().fields)).toEqual(['weight_g']);
  });

  it('answers 403 view-only and 404', async () => {
    const { operator, editor, product } = await productWorld();
    expect(
      (await callApi(ctx, api.product.update, { params: { id: product.candy }, token: editor, body: { name: 'Y' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await callApi(ctx, api.product.update, { params: { id: product.kyiv }, token: operator, body: { name: 'Y' } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('POST /v1/product/status', () => {
  it('moves several products at once, audited, and brings archived ones back', async () => {
    const { operator, product } = await productWorld();
    const response = await callApi(ctx, api.product.status, {
      token: operator,
      body: { ids: [product.cola, product.archived, product.krakow], status: 'inactive' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated: 3 });
    const inactive = await callApi(ctx, api.product.list, { token: operator, query: { status: 'inactive' } });
    expect(names(inactive.json()).sort()).toEqual(['Cola 100%_zero', 'Old water', 'Pączek']);
    const history = await callApi(ctx, api.product.history, { params: { id: product.archived }, token: operator });
    expect(history.json().items.map((item: { action: string }) => item.action)).toEqual(['status', 'status', 'create']);
    await okApi(ctx, api.product.status, {
      token: operator,
      body: { ids: [product.cola, product.krakow], status: 'active' },
    });
  });

  it('changes nothing when one product is view-only or invisible', async () => {
    const { operator, editor, product } = await productWorld();
    const viewOnly = await callApi(ctx, api.product.status, {
      token: operator,
      body: { ids: [product.cola, product.kyiv], status: 'inactive' },
    });
    expect(viewOnly.statusCode).toBe(403);
    const invisible = await callApi(ctx, api.product.status, {
      token: editor,
      body: { ids: [product.krakow, product.cola], status: 'inactive' },
    });
    expect(invisible.statusCode).toBe(404);
    const inactive = await ctx.database.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.status, 'inactive'), inArray(products.id, Object.values(product))));
    expect(inactive).toEqual([]);
  });

  it('answers 400 naming the fields', async () => {
    const { operator } = await productWorld();
    // A tag's status, not a product's.
    const bad = await call(ctx, 'POST', '/v1/product/status', {
      token: operator,
      payload: { ids: [], status: 'sold' },
    });
    expect(Object.keys(bad.json().fields).sort()).toEqual(['ids', 'status']);
  });
});

describe('GET /v1/product/history/{id}', () => {
  it('answers 400 and 404', async () => {
    const { tenant, operator, product } = await productWorld();
    expect((await callApi(ctx, api.product.history, { params: { id: 0 }, token: operator })).statusCode).toBe(400);
    const franchisor = await tenant.token('franchisor');
    expect(
      (await callApi(ctx, api.product.history, { params: { id: product.cola }, token: franchisor })).statusCode,
    ).toBe(404);
  });
});
