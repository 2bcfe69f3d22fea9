import { api, type TCreateCategory, type TCreateMaker, type TCreateProduct } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A tenant whose main organisation has two makers' products, and whose Krakow has some of the makers and categories. */
async function copyWorld() {
  const tenant = await createTenant(ctx.database.db);
  const operatorUser = await tenant.user('operator');
  const operator = operatorUser.token;
  const editor = await tenant.token('editor');
  const ids = { roshen: 0, milkCo: 0, krakowRoshen: 0, krakowSweets: 0, milk: 0, kefir: 0 };
  const create = {
    maker: async (body: TCreateMaker, token = operator) => (await okApi(ctx, api.maker.create, { token, body })).id,
    category: async (body: TCreateCategory, token = operator) =>
      (await okApi(ctx, api.category.create, { token, body })).id,
    product: async (body: TCreateProduct, token = operator) =>
      (await okApi(ctx, api.product.create, { token, body })).id,
  };
  ids.roshen = await create.maker({ name: 'Roshen', country: 'UA' });
  ids.milkCo = await create.maker({ name: 'Milk Co' });
  const sweets = await create.category({ name: 'Sweets' });
  const chocolate = await create.category({ name: 'Chocolate', parent_id: sweets });
  const dark = await create.category({ name: 'Dark', parent_id: chocolate });
  const dairy = await create.category({ name: 'Dairy' });
  await create.product({
    name: 'Bar',
    article: 'R-1',
    sell_cost: 100,
    maker_id: ids.roshen,
    category_id: dark,
  });
  await create.product({ name: 'Wafer', sell_cost: 200, maker_id: ids.roshen, category_id: sweets });
  const old = await create.product({ name: 'Retired', sell_cost: 1, maker_id: ids.roshen });
  await okApi(ctx, api.product.status, { token: operator, body: { ids: [old], status: 'archived' } });
  ids.milk = await create.product({
    name: 'Milk',
    sell_cost: 300,
    maker_id: ids.milkCo,
    category_id: dairy,
  });
  ids.kefir = await create.product({ name: 'Kefir', sell_cost: 300, maker_id: ids.milkCo });
  // Krakow already has the maker (another case) and the top category.
  ids.krakowRoshen = await create.maker({ name: 'ROSHEN' }, editor);
  ids.krakowSweets = await create.category({ name: 'sweets' }, editor);
  const krakowProducts = async () => {
    const list = await callApi(ctx, api.product.list, {
      token: editor,
      query: { sort: 'name', org_id: String(tenant.org.krakow) },
    });
    return list.json().items as {
      id: number;
      name: string;
      maker_id: number;
      maker_name: string;
      category_path: { id: number; name: string }[];
    }[];
  };
  return { tenant, org: tenant.org, operator, operatorName: operatorUser.name, editor, ids, krakowProducts };
}

describe('POST /v1/product/copy', () => {
  it('copies makers’ products, mapping makers and category paths by name, creating what is missing', async () => {
    const { org, operator, operatorName, editor, ids, krakowProducts } = await copyWorld();
    const response = await callApi(ctx, api.product.copy, {
      token: operator,
      body: { org_ids: [org.krakow], maker_ids: [ids.roshen] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ copied: 2, skipped: 0, makers_created: 0, categories_created: 2 });
    const copies = await krakowProducts();
    expect(copies.map((p) => p.name)).toEqual(['Bar', 'Wafer']);
    expect(copies[0]).toMatchObject({ maker_id: ids.krakowRoshen, maker_name: 'ROSHEN' });
    expect(copies[0]?.category_path.map((c) => c.name)).toEqual(['sweets', 'Chocolate', 'Dark']);
    expect(copies[0]?.category_path[0]?.id).toBe(ids.krakowSweets);
    expect(copies[1]?.category_path.map((c) => c.id)).toEqual([ids.krakowSweets]);
    const history = await callApi(ctx, api.product.history, { params: { id: copies[0]?.id }, token: editor });
    expect(history.json().items).toMatchObject([{ action: 'copy', actor_name: operatorName }]);
  });

  it('skips what already exists on a second run', async () => {
    const { org, operator, ids, krakowProducts } = await copyWorld();
    await okApi(ctx, api.product.copy, { token: operator, body: { org_ids: [org.krakow], maker_ids: [ids.roshen] } });
    const again = await callApi(ctx, api.product.copy, {
      token: operator,
      body: { org_ids: [org.krakow], maker_ids: [ids.roshen] },
    });
    expect(again.json()).toEqual({ copied: 0, skipped: 2, makers_created: 0, categories_created: 0 });
    expect((await krakowProducts()).length).toBe(2);
  });

  it('copies only the chosen products, creating the maker and the category', async () => {
    const { org, operator, editor, ids, krakowProducts } = await copyWorld();
    const response = await callApi(ctx, api.product.copy, {
      token: operator,
      body: { org_ids: [org.krakow], maker_ids: [ids.milkCo], product_ids: [ids.milk] },
    });
    expect(response.json()).toEqual({ copied: 1, skipped: 0, makers_created: 1, categories_created: 1 });
    const milk = (await krakowProducts()).find((p) => p.name === 'Milk');
    expect(milk).toMatchObject({ maker_name: 'Milk Co', category_path: [{ name: 'Dairy' }] });
    const makers = await callApi(ctx, api.maker.list, { token: editor, query: { sort: 'name' } });
    expect(makers.json().items.map((m) => m.name)).toEqual(['Milk Co', 'ROSHEN']);
  });

  it('needs at least one organisation and one maker (spec §5)', async () => {
    const { operator } = await copyWorld();
    const response = await callApi(ctx, api.product.copy, { token: operator, body: { org_ids: [], maker_ids: [] } });
    expect(response.statusCode).toBe(400);
    expect(response.error().fields).toEqual({
      org_ids: 'Copying products requires at least one organization and one maker',
      maker_ids: 'Copying products requires at least one organization and one maker',
    });
  });

  it('answers 403 view-only and 404 for an invisible maker, copying nothing', async () => {
    const { org, operator, editor, ids, krakowProducts } = await copyWorld();
    const payload = { org_ids: [org.krakow], maker_ids: [ids.milkCo] };
    const viewOnly = await callApi(ctx, api.product.copy, {
      token: operator,
      body: { ...payload, org_ids: [org.krakow, org.kyiv] },
    });
    expect(viewOnly.statusCode).toBe(403);
    const invisible = await callApi(ctx, api.product.copy, { token: editor, body: payload });
    expect(invisible.statusCode).toBe(404);
    expect(Object.keys(invisible.error().fields!)).toEqual(['maker_ids']);
    expect(await krakowProducts()).toEqual([]);
  });
});
