import { api, type TCreateProduct } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { createTenant, type Tenant } from '../../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { productReviews } from '../../db/schema/index.js';

let ctx: TestContext;
let tenant: Tenant;
let operator: string;
const product = { water: 0, cola: 0, candy: 0, bun: 0 };

const day = (date: string) => new Date(`${date}T12:00:00Z`);

beforeAll(async () => {
  ctx = await createTestContext();
  tenant = await createTenant(ctx.database.db);
  operator = await tenant.token('operator');
  const create = async (payload: TCreateProduct, token = operator) =>
    (await okApi(ctx, api.product.create, { token, body: payload })).id;
  const drinks = (await okApi(ctx, api.category.create, { token: operator, body: { name: 'Drinks' } })).id;
  const water = (await okApi(ctx, api.category.create, { token: operator, body: { name: 'Water', parent_id: drinks } }))
    .id;
  product.water = await create({ name: 'Water', sell_cost: 1, category_id: water });
  product.cola = await create({ name: 'Cola', sell_cost: 1, category_id: drinks });
  product.candy = await create({ name: 'Candy', sell_cost: 1 });
  product.bun = await create({ name: 'Bun', sell_cost: 1, org_id: tenant.org.krakow });
  await ctx.database.db.insert(productReviews).values([
    { productId: product.water, rating: 5, reaction: 1, createdAt: day('2025-03-01') },
    { productId: product.water, rating: 4, reaction: 1, createdAt: day('2025-03-31') },
    { productId: product.water, rating: 1, reaction: -1, createdAt: day('2025-04-01') },
    { productId: product.cola, rating: 3, reaction: -1, createdAt: day('2025-03-10') },
    { productId: product.cola, rating: null, reaction: -1, createdAt: day('2025-03-11') },
    { productId: product.candy, rating: null, reaction: 1, createdAt: day('2025-03-12') },
    { productId: product.candy, rating: null, reaction: 1, createdAt: day('2025-03-13') },
    { productId: product.candy, rating: null, reaction: 1, createdAt: day('2025-03-14') },
  ]);
});
afterAll(() => ctx.close());

async function rating(query: Record<string, string>, token = operator) {
  return callApi(ctx, api.product.rating, { token, query });
}

describe('GET /v1/product/rating', () => {
  it('aggregates votes and reactions in the period, both days included, products without votes last', async () => {
    const response = await rating({ from: '2025-03-01', to: '2025-03-31' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(4);
    expect(body.items.map((row) => [row.name, row.rating, row.votes, row.likes, row.dislikes])).toEqual([
      ['Water', 4.5, 2, 2, 0],
      ['Cola', 3, 1, 0, 2],
      ['Bun', null, 0, 0, 0],
      ['Candy', null, 0, 3, 0],
    ]);
    const all = (await rating({})).json();
    expect(all.items[0]).toMatchObject({ name: 'Water', rating: 3.3, votes: 3 });
  });

  it('sorts by likes, dislikes or votes, filters by organisation and category subtree, and pages', async () => {
    const order = async (query: Record<string, string>) => (await rating(query)).json().items.map((row) => row.name);
    expect(await order({ sort: 'likes' })).toEqual(['Candy', 'Water', 'Cola', 'Bun']);
    expect(await order({ sort: 'dislikes' })).toEqual(['Cola', 'Water', 'Bun', 'Candy']);
    expect(await order({ sort: 'votes' })).toEqual(['Water', 'Cola', 'Bun', 'Candy']);
    expect(await order({ org_id: String(tenant.org.krakow) })).toEqual(['Bun']);
    const drinks = await callApi(ctx, api.category.tree, { token: operator });
    const drinksId = drinks.json().items.find((c) => c.name === 'Drinks')!.id;
    expect(await order({ category_id: String(drinksId) })).toEqual(['Water', 'Cola']);
    expect(await order({ per_page: '1', page: '2' })).toEqual(['Cola']);
  });

  it('answers 400 naming the fields and 404 for an invisible organisation', async () => {
    const bad = await rating({ from: '2025-13-01', sort: 'price' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.error().fields!).sort()).toEqual(['from', 'sort']);
    const franchisor = await tenant.token('franchisor');
    expect((await rating({ org_id: String(tenant.org.main) }, franchisor)).statusCode).toBe(404);
    expect((await rating({}, franchisor)).json().items.map((row) => row.name)).toEqual(['Bun']);
  });
});
