import { api } from '@vitrina/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createPlatformAdmin } from '../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { auditLog } from '../../db/schema/index.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A tenant with makers Roshen (two products) and Morshynska in main, Wedel in Krakow, Kyivkhlib in view-only Kyiv. */
async function makerWorld() {
  const tenant = await createTenant(ctx.database.db);
  const { org } = tenant;
  const operator = await tenant.token('operator');
  const roshen = (await okApi(ctx, api.maker.create, { token: operator, body: { name: 'Roshen', country: 'ua' } })).id;
  await okApi(ctx, api.maker.create, { token: operator, body: { name: 'Morshynska' } });
  await okApi(ctx, api.maker.create, { token: operator, body: { name: 'Wedel', org_id: org.krakow } });
  const admin = (await createPlatformAdmin(ctx.database.db, org.main)).token;
  const kyivMaker = (
    await okApi(ctx, api.maker.create, { token: admin, body: { name: 'Kyivkhlib', org_id: org.kyiv } })
  ).id;
  await okApi(ctx, api.product.create, { token: operator, body: { name: 'Candy', sell_cost: 100, maker_id: roshen } });
  await okApi(ctx, api.product.create, { token: operator, body: { name: 'Wafer', sell_cost: 100, maker_id: roshen } });
  return { tenant, org, operator, editor: await tenant.token('editor'), roshen, kyivMaker };
}

describe('POST /v1/maker/create', () => {
  it('creates a maker in the caller’s organisation, normalising the fields, and audits it', async () => {
    const { org, operator } = await makerWorld();
    const response = await callApi(ctx, api.maker.create, {
      token: operator,
      body: { name: ' Galka ', country: 'pl', email: 'Sales@Galka.PL', website: '', phone: '' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Galka',
      org_id: org.main,
      country: 'PL',
      email: 'sales@galka.pl',
      website: null,
      phone: null,
      products_count: 0,
    });
    const audit = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'maker'), eq(auditLog.entityId, String(response.json().id))));
    expect(audit).toEqual([{ action: 'create' }]);
  });

  it('refuses a taken name (any case) and bad fields', async () => {
    const { operator, editor } = await makerWorld();
    const taken = await callApi(ctx, api.maker.create, { token: operator, body: { name: 'ROSHEN' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.error().message).toBe('A maker with this name already exists');
    // The same name is free in another organisation.
    expect((await callApi(ctx, api.maker.create, { token: editor, body: { name: 'Roshen' } })).statusCode).toBe(200);
    const bad = await callApi(ctx, api.maker.create, {
      token: operator,
      body: { name: 'X', country: 'Ukraine', website: 'ftp://x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.error().fields!).sort()).toEqual(['country', 'website']);
  });

  it('answers 403 on a view-only organisation', async () => {
    const { org, operator } = await makerWorld();
    const viewOnly = await callApi(ctx, api.maker.create, { token: operator, body: { name: 'X', org_id: org.kyiv } });
    expect(viewOnly.statusCode).toBe(403);
  });
});

describe('GET /v1/maker/list and /v1/maker/info/{id}', () => {
  it('pages, sorts, searches and counts products', async () => {
    const { org, operator, roshen } = await makerWorld();
    await okApi(ctx, api.maker.create, { token: operator, body: { name: 'Galka' } });
    const list = await callApi(ctx, api.maker.list, {
      token: operator,
      query: { sort: '-products_count', per_page: '2', org_id: String(org.main) },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(3);
    expect(list.json().items[0]).toMatchObject({ name: 'Roshen', products_count: 2 });
    const search = await callApi(ctx, api.maker.list, { token: operator, query: { q: 'wed' } });
    expect(search.json().items.map((m) => m.name)).toEqual(['Wedel']);
    const info = await callApi(ctx, api.maker.info, { params: { id: roshen }, token: operator });
    expect(info.json()).toMatchObject({ name: 'Roshen', country: 'UA', products_count: 2 });
  });

  it('shows a sub-organisation only its own makers', async () => {
    const { tenant, editor, roshen } = await makerWorld();
    await okApi(ctx, api.maker.create, { token: editor, body: { name: 'Roshen' } });
    const franchisor = await tenant.token('franchisor');
    const list = await callApi(ctx, api.maker.list, { token: franchisor, query: { sort: 'name' } });
    expect(list.json().items.map((m) => m.name)).toEqual(['Roshen', 'Wedel']);
    expect((await callApi(ctx, api.maker.info, { params: { id: roshen }, token: franchisor })).statusCode).toBe(404);
  });

  it('answers 400 naming the fields', async () => {
    const { operator } = await makerWorld();
    const bad = await callApi(ctx, api.maker.list, { token: operator, query: { sort: 'country', page: '0' } });
    expect(Object.keys(bad.error().fields!).sort()).toEqual(['page', 'sort']);
    expect((await callApi(ctx, api.maker.info, { params: { id: 'x' }, token: operator })).statusCode).toBe(400);
  });
});

describe('POST /v1/maker/update/{id}', () => {
  it('changes only the fields sent', async () => {
    const { operator, roshen } = await makerWorld();
    const response = await callApi(ctx, api.maker.update, {
      params: { id: roshen },
      token: operator,
      body: { contact_person: 'Petro' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Roshen', country: 'UA', contact_person: 'Petro' });
    const clash = await callApi(ctx, api.maker.update, {
      params: { id: roshen },
      token: operator,
      body: { name: 'morshynska' },
    });
    expect(clash.statusCode).toBe(409);
  });

  it('answers 400, 403 view-only and 404', async () => {
    const { operator, editor, roshen, kyivMaker } = await makerWorld();
    const bad = await callApi(ctx, api.maker.update, {
      params: { id: roshen },
      token: operator,
      body: { email: 'not-mail' },
    });
    expect(Object.keys(bad.error().fields!)).toEqual(['email']);
    expect(
      (await callApi(ctx, api.maker.update, { params: { id: roshen }, token: editor, body: { name: 'Y' } })).statusCode,
    ).toBe(404);
    expect(
      (await callApi(ctx, api.maker.update, { params: { id: kyivMaker }, token: operator, body: { name: 'Y' } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('POST /v1/maker/delete/{id}', () => {
  it('refuses a maker with products, naming how many, and deletes an unused one', async () => {
    const { operator, roshen } = await makerWorld();
    const used = await callApi(ctx, api.maker.delete, { params: { id: roshen }, token: operator });
    expect(used.statusCode).toBe(409);
    expect(used.error().message).toBe('The maker has 2 product(s) and cannot be deleted');
    const spare = await okApi(ctx, api.maker.create, { token: operator, body: { name: 'Spare' } });
    expect((await callApi(ctx, api.maker.delete, { params: { id: spare.id }, token: operator })).json()).toEqual({
      ok: true,
    });
    expect((await callApi(ctx, api.maker.info, { params: { id: spare.id }, token: operator })).statusCode).toBe(404);
  });

  it('answers 400, 403 view-only and 404', async () => {
    const { operator, editor, roshen, kyivMaker } = await makerWorld();
    expect(
      (await callApi(ctx, api.maker.delete, { params: { id: -3 }, token: operator })).error().fields,
    ).toHaveProperty('id');
    expect((await callApi(ctx, api.maker.delete, { params: { id: kyivMaker }, token: operator })).statusCode).toBe(403);
    expect((await callApi(ctx, api.maker.delete, { params: { id: roshen }, token: editor })).statusCode).toBe(404);
  });
});
