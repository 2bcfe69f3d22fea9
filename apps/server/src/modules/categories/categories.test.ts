import { api, type TCreateCategory } from '@vitrina/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createPlatformAdmin } from '../../../test/factories/users.js';
import { call, createTestContext, type TestContext } from '../../../test/helper.js';
import { auditLog } from '../../db/schema/index.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Item = { id: number; name: string };
const names = (body: { items: Item[] }) => body.items.map((item) => item.name);

/** A tenant with Drinks › Water › Still in main, Snacks in view-only Kyiv and, if asked, Drinks › Juice. */
async function categoryWorld(options: { juice?: boolean } = {}) {
  const tenant = await createTenant(ctx.database.db);
  const operator = await tenant.token('operator');
  const admin = await createPlatformAdmin(ctx.database.db, tenant.org.main);
  const create = async (payload: TCreateCategory, token = operator) =>
    (await okApi(ctx, api.category.create, { token, body: payload })).id;
  const drinks = await create({ name: 'Drinks' });
  const water = await create({ name: 'Water', parent_id: drinks });
  const still = await create({ name: 'Still', parent_id: water });
  const kyivSnacks = await create({ name: 'Snacks', org_id: tenant.org.kyiv }, admin.token);
  const juice = options.juice ? await create({ name: 'Juice', parent_id: drinks }) : 0;
  return {
    tenant,
    org: tenant.org,
    operator,
    editor: await tenant.token('editor'),
    drinks,
    water,
    still,
    kyivSnacks,
    juice,
  };
}

describe('POST /v1/category/create', () => {
  it('creates three levels in the caller’s organisation, each last among its siblings, and audits it', async () => {
    const { org, operator, drinks, still } = await categoryWorld();
    const juice = await callApi(ctx, api.category.create, {
      token: operator,
      body: { name: ' Juice ', parent_id: drinks },
    });
    expect(juice.statusCode).toBe(200);
    expect(juice.json()).toMatchObject({ name: 'Juice', level: 2, org_id: org.main, position: 1, parent_id: drinks });
    const info = await callApi(ctx, api.category.info, { params: { id: still }, token: operator });
    expect(info.json().path.map((p) => p.name)).toEqual(['Drinks', 'Water', 'Still']);
    const audit = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'category'), eq(auditLog.entityId, String(juice.json().id))));
    expect(audit).toEqual([{ action: 'create' }]);
  });

  it('refuses a fourth level, a taken name, and bad input', async () => {
    const { operator, still } = await categoryWorld();
    const deep = await callApi(ctx, api.category.create, {
      token: operator,
      body: { name: 'Sparkling', parent_id: still },
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.error()).toEqual({
      message: 'Categories go three levels deep',
      fields: { parent_id: expect.any(String) },
    });
    const taken = await callApi(ctx, api.category.create, { token: operator, body: { name: 'DRINKS' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.error().fields).toEqual({ name: 'A category with this name already exists here' });
    const bad = await callApi(ctx, api.category.create, { token: operator, body: { name: '  ' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.error().fields!)).toEqual(['name']);
  });

  it('answers 403 view-only and 404 for an invisible parent', async () => {
    const { org, operator, editor, drinks } = await categoryWorld();
    const viewOnly = await callApi(ctx, api.category.create, {
      token: operator,
      body: { name: 'X', org_id: org.kyiv },
    });
    expect(viewOnly.statusCode).toBe(403);
    const invisible = await callApi(ctx, api.category.create, {
      token: editor,
      body: { name: 'X', parent_id: drinks },
    });
    expect(invisible.statusCode).toBe(404);
    expect(invisible.error().fields).toEqual({ parent_id: expect.any(String) });
  });
});

describe('GET /v1/category/list, tree and info', () => {
  it('lists one level with product and child counts over the whole subtree', async () => {
    const { org, operator, drinks, still } = await categoryWorld({ juice: true });
    await okApi(ctx, api.product.create, {
      token: operator,
      body: { name: 'Morshynska', sell_cost: 2500, category_id: still },
    });
    await okApi(ctx, api.product.create, {
      token: operator,
      body: { name: 'Cola', sell_cost: 3000, category_id: drinks },
    });
    const top = await callApi(ctx, api.category.list, { token: operator, query: { org_id: String(org.main) } });
    expect(top.statusCode).toBe(200);
    expect(top.json()).toMatchObject({ total: 1, items: [{ name: 'Drinks', products_count: 2, children_count: 2 }] });
    const second = await callApi(ctx, api.category.list, { token: operator, query: { parent_id: String(drinks) } });
    expect(second.json().items).toMatchObject([
      { name: 'Water', products_count: 1, children_count: 1 },
      { name: 'Juice', products_count: 0, children_count: 0 },
    ]);
    const search = await callApi(ctx, api.category.list, { token: operator, query: { q: 'sna' } });
    expect(names(search.json())).toEqual(['Snacks']);
  });

  it('answers the flat tree of every visible category', async () => {
    const { tenant, operator } = await categoryWorld({ juice: true });
    const tree = await callApi(ctx, api.category.tree, { token: operator });
    expect(tree.statusCode).toBe(200);
    expect(names(tree.json())).toEqual(['Drinks', 'Water', 'Juice', 'Still', 'Snacks']);
    const own = await callApi(ctx, api.category.tree, { token: await tenant.token('franchisor') });
    expect(own.json().items).toEqual([]);
  });

  it('answers 400 for bad input and 404 for another organisation’s category', async () => {
    const { tenant, operator, drinks } = await categoryWorld();
    const franchisor = await tenant.token('franchisor');
    const bad = await callApi(ctx, api.category.list, { token: operator, query: { parent_id: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.error().fields!)).toEqual(['parent_id']);
    expect((await callApi(ctx, api.category.tree, { token: operator, query: { org_id: '-1' } })).statusCode).toBe(400);
    expect((await callApi(ctx, api.category.info, { params: { id: 'abc' }, token: operator })).statusCode).toBe(400);
    expect((await callApi(ctx, api.category.info, { params: { id: drinks }, token: franchisor })).statusCode).toBe(404);
    const children = await callApi(ctx, api.category.list, { token: franchisor, query: { parent_id: String(drinks) } });
    expect(children.statusCode).toBe(404);
  });
});

describe('POST /v1/category/update/{id}', () => {
  it('renames, keeping names unique among siblings', async () => {
    const { operator, water } = await categoryWorld({ juice: true });
    const renamed = await callApi(ctx, api.category.update, {
      params: { id: water },
      token: operator,
      body: { name: 'Mineral water' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Mineral water', level: 2 });
    const clash = await callApi(ctx, api.category.update, {
      params: { id: water },
      token: operator,
      body: { name: 'juice' },
    });
    expect(clash.statusCode).toBe(409);
  });

  it('answers 400, 403 view-only and 404', async () => {
    const { operator, editor, water, kyivSnacks } = await categoryWorld();
    // No field to change: a body the contract refuses.
    const url = `/v1/category/update/${water}`;
    expect((await call(ctx, 'POST', url, { token: operator, payload: {} })).json().fields).toHaveProperty('name');
    expect(
      (await callApi(ctx, api.category.update, { params: { id: water }, token: editor, body: { name: 'Y' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await callApi(ctx, api.category.update, { params: { id: kyivSnacks }, token: operator, body: { name: 'Y' } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('POST /v1/category/reorder', () => {
  it('sets the positions of exactly the children of one parent', async () => {
    const { operator, drinks, still } = await categoryWorld({ juice: true });
    const list = async () =>
      names((await callApi(ctx, api.category.list, { token: operator, query: { parent_id: String(drinks) } })).json());
    const before = (
      await callApi(ctx, api.category.list, { token: operator, query: { parent_id: String(drinks) } })
    ).json().items;
    const reversed = before.map((item) => item.id).reverse();
    const response = await callApi(ctx, api.category.reorder, {
      token: operator,
      body: { parent_id: drinks, ids: reversed },
    });
    expect(response.statusCode).toBe(200);
    expect(await list()).toEqual(['Juice', 'Water']);
    const partial = await callApi(ctx, api.category.reorder, {
      token: operator,
      body: { parent_id: drinks, ids: [reversed[0]!] },
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.error().message).toBe('The order must list every category of this level exactly once');
    const foreign = await callApi(ctx, api.category.reorder, {
      token: operator,
      body: { parent_id: drinks, ids: [...reversed, still] },
    });
    expect(foreign.statusCode).toBe(400);
    expect(await list()).toEqual(['Juice', 'Water']);
  });

  it('answers 400, 403 view-only and 404', async () => {
    const { org, operator, editor, drinks, water, kyivSnacks } = await categoryWorld();
    const bad = await callApi(ctx, api.category.reorder, { token: operator, body: { parent_id: drinks, ids: [] } });
    expect(Object.keys(bad.error().fields!)).toEqual(['ids']);
    const payload = { parent_id: null, ids: [kyivSnacks] };
    const viewOnly = await callApi(ctx, api.category.reorder, {
      token: operator,
      body: { ...payload, org_id: org.kyiv },
    });
    expect(viewOnly.statusCode).toBe(403);
    expect(
      (await callApi(ctx, api.category.reorder, { token: editor, body: { parent_id: drinks, ids: [water] } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('POST /v1/category/delete/{id}', () => {
  it('refuses a category with subcategories or products, naming how many, and deletes an empty one', async () => {
    const { operator, water, still } = await categoryWorld();
    await okApi(ctx, api.product.create, {
      token: operator,
      body: { name: 'Morshynska', sell_cost: 2500, category_id: still },
    });
    const parent = await callApi(ctx, api.category.delete, { params: { id: water }, token: operator });
    expect(parent.statusCode).toBe(409);
    expect(parent.error().message).toBe('The category has 1 subcategories: delete or move them first');
    const used = await callApi(ctx, api.category.delete, { params: { id: still }, token: operator });
    expect(used.statusCode).toBe(409);
    expect(used.error().message).toBe('The category is used by 1 product(s) and cannot be deleted');
    const empty = await okApi(ctx, api.category.create, { token: operator, body: { name: 'Empty' } });
    expect((await callApi(ctx, api.category.delete, { params: { id: empty.id }, token: operator })).json()).toEqual({
      ok: true,
    });
    expect((await callApi(ctx, api.category.info, { params: { id: empty.id }, token: operator })).statusCode).toBe(404);
  });

  it('answers 400, 403 view-only and 404', async () => {
    const { operator, editor, still, kyivSnacks } = await categoryWorld();
    expect(
      (await callApi(ctx, api.category.delete, { params: { id: 0 }, token: operator })).error().fields,
    ).toHaveProperty('id');
    expect((await callApi(ctx, api.category.delete, { params: { id: kyivSnacks }, token: operator })).statusCode).toBe(
      403,
    );
    expect((await callApi(ctx, api.category.delete, { params: { id: still }, token: editor })).statusCode).toBe(404);
  });
});
