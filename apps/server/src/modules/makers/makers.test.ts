import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../test/factories/tenant.js';
import { call, createTestContext, ok, type TestContext } from '../../../test/helper.js';
import { auditLog } from '../../db/schema/index.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Item = { id: number; name: string };

/** A tenant with makers Roshen (two products) and Morshynska in main, Wedel in Krakow, Kyivkhlib in view-only Kyiv. */
async function makerWorld() {
  const tenant = await createTenant(ctx.database.db);
  const { org } = tenant;
  const operator = await tenant.token('operator');
  const roshen = (await ok<Item>(ctx, operator, '/v1/maker/create', { name: 'Roshen', country: 'ua' })).id;
  await ok(ctx, operator, '/v1/maker/create', { name: 'Morshynska' });
  await ok(ctx, operator, '/v1/maker/create', { name: 'Wedel', org_id: org.krakow });
  const admin = await ctx.login('admin');
  const kyivMaker = (await ok<Item>(ctx, admin, '/v1/maker/create', { name: 'Kyivkhlib', org_id: org.kyiv })).id;
  await ok(ctx, operator, '/v1/product/create', { name: 'Candy', sell_cost: 100, maker_id: roshen });
  await ok(ctx, operator, '/v1/product/create', { name: 'Wafer', sell_cost: 100, maker_id: roshen });
  return { tenant, org, operator, editor: await tenant.token('editor'), roshen, kyivMaker };
}

describe('POST /v1/maker/create', () => {
  it('creates a maker in the caller’s organisation, normalising the fields, and audits it', async () => {
    const { org, operator } = await makerWorld();
    const response = await call(ctx, 'POST', '/v1/maker/create', {
      token: operator,
      payload: { name: ' Galka ', country: 'pl', email: 'Sales@Galka.PL', website: '', phone: '' },
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
    const taken = await call(ctx, 'POST', '/v1/maker/create', { token: operator, payload: { name: 'ROSHEN' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A maker with this name already exists');
    // The same name is free in another organisation.
    expect(
      (await call(ctx, 'POST', '/v1/maker/create', { token: editor, payload: { name: 'Roshen' } })).statusCode,
    ).toBe(200);
    const bad = await call(ctx, 'POST', '/v1/maker/create', {
      token: operator,
      payload: { name: 'X', country: 'Ukraine', website: 'ftp://x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['country', 'website']);
  });

  it('answers 403 on a view-only organisation', async () => {
    const { org, operator } = await makerWorld();
    const viewOnly = await call(ctx, 'POST', '/v1/maker/create', {
      token: operator,
      payload: { name: 'X', org_id: org.kyiv },
    });
    expect(viewOnly.statusCode).toBe(403);
  });
});

describe('GET /v1/maker/list and /v1/maker/info/{id}', () => {
  it('pages, sorts, searches and counts products', async () => {
    const { org, operator, roshen } = await makerWorld();
    await ok(ctx, operator, '/v1/maker/create', { name: 'Galka' });
    const list = await call(ctx, 'GET', '/v1/maker/list', {
      token: operator,
      query: { sort: '-products_count', per_page: '2', org_id: String(org.main) },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(3);
    expect(list.json().items[0]).toMatchObject({ name: 'Roshen', products_count: 2 });
    const search = await call(ctx, 'GET', '/v1/maker/list', { token: operator, query: { q: 'wed' } });
    expect(search.json().items.map((m: Item) => m.name)).toEqual(['Wedel']);
    const info = await call(ctx, 'GET', `/v1/maker/info/${roshen}`, { token: operator });
    expect(info.json()).toMatchObject({ name: 'Roshen', country: 'UA', products_count: 2 });
  });

  it('shows a sub-organisation only its own makers', async () => {
    const { tenant, editor, roshen } = await makerWorld();
    await ok(ctx, editor, '/v1/maker/create', { name: 'Roshen' });
    const franchisor = await tenant.token('franchisor');
    const list = await call(ctx, 'GET', '/v1/maker/list', { token: franchisor, query: { sort: 'name' } });
    expect(list.json().items.map((m: Item) => m.name)).toEqual(['Roshen', 'Wedel']);
    expect((await call(ctx, 'GET', `/v1/maker/info/${roshen}`, { token: franchisor })).statusCode).toBe(404);
  });

  it('answers 400 naming the fields', async () => {
    const { operator } = await makerWorld();
    const bad = await call(ctx, 'GET', '/v1/maker/list', { token: operator, query: { sort: 'country', page: '0' } });
    expect(Object.keys(bad.json().fields).sort()).toEqual(['page', 'sort']);
    expect((await call(ctx, 'GET', '/v1/maker/info/x', { token: operator })).statusCode).toBe(400);
  });
});

describe('POST /v1/maker/update/{id}', () => {
  it('changes only the fields sent', async () => {
    const { operator, roshen } = await makerWorld();
    const response = await call(ctx, 'POST', `/v1/maker/update/${roshen}`, {
      token: operator,
      payload: { contact_person: 'Petro' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Roshen', country: 'UA', contact_person: 'Petro' });
    const clash = await call(ctx, 'POST', `/v1/maker/update/${roshen}`, {
      token: operator,
      payload: { name: 'morshynska' },
    });
    expect(clash.statusCode).toBe(409);
  });

  it('answers 400, 403 view-only and 404', async () => {
    const { operator, editor, roshen, kyivMaker } = await makerWorld();
    const url = `/v1/maker/update/${roshen}`;
    const bad = await call(ctx, 'POST', url, { token: operator, payload: { email: 'not-mail' } });
    expect(Object.keys(bad.json().fields)).toEqual(['email']);
    expect((await call(ctx, 'POST', url, { token: editor, payload: { name: 'Y' } })).statusCode).toBe(404);
    const viewOnly = `/v1/maker/update/${kyivMaker}`;
    expect((await call(ctx, 'POST', viewOnly, { token: operator, payload: { name: 'Y' } })).statusCode).toBe(403);
  });
});

describe('POST /v1/maker/delete/{id}', () => {
  it('refuses a maker with products, naming how many, and deletes an unused one', async () => {
    const { operator, roshen } = await makerWorld();
    const used = await call(ctx, 'POST', `/v1/maker/delete/${roshen}`, { token: operator });
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe('The maker has 2 product(s) and cannot be deleted');
    const spare = await ok<Item>(ctx, operator, '/v1/maker/create', { name: 'Spare' });
    expect((await call(ctx, 'POST', `/v1/maker/delete/${spare.id}`, { token: operator })).json()).toEqual({ ok: true });
    expect((await call(ctx, 'GET', `/v1/maker/info/${spare.id}`, { token: operator })).statusCode).toBe(404);
  });

  it('answers 400, 403 view-only and 404', async () => {
    const { operator, editor, roshen, kyivMaker } = await makerWorld();
    expect((await call(ctx, 'POST', '/v1/maker/delete/-3', { token: operator })).json().fields).toHaveProperty('id');
    expect((await call(ctx, 'POST', `/v1/maker/delete/${kyivMaker}`, { token: operator })).statusCode).toBe(403);
    expect((await call(ctx, 'POST', `/v1/maker/delete/${roshen}`, { token: editor })).statusCode).toBe(404);
  });
});
