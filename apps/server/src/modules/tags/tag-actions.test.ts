import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, ORG, type TestContext } from '../../../test/helper.js';
import { auditLog, tags } from '../../db/schema/index.js';
import { insertMicromarket, insertProduct, insertTags, loginCatalogueManager } from './tag-fixtures.js';

let ctx: TestContext;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const market = await insertMicromarket(ctx, ORG.main, 'Hall');
  const product = await insertProduct(ctx, ORG.main, { name: 'Salad' });
  const kyivProduct = await insertProduct(ctx, ORG.kyiv, { name: 'Kvass' });
  const krakowProduct = await insertProduct(ctx, ORG.krakow, { name: 'Zapiekanka' });
  const rows = [
    ...(await insertTags(ctx, ORG.main, product, [
      { code: 'D0000001' },
      { code: 'D0000002', status: 'in_micromarket', micromarketId: market },
      { code: 'D0000003', status: 'sold', micromarketId: market },
      { code: 'D0000004', status: 'not_paid', micromarketId: market },
      { code: 'D0000005', status: 'removed' },
      { code: 'D0000006', status: 'written_off' },
      { code: 'D0000007' },
      { code: 'D0000008', status: 'in_micromarket', micromarketId: market },
      { code: 'D0000009' },
      { code: 'D000000A', status: 'sold' },
    ])),
    ...(await insertTags(ctx, ORG.kyiv, kyivProduct, [{ code: 'E0000001' }])),
    ...(await insertTags(ctx, ORG.krakow, krakowProduct, [{ code: 'F0000001' }])),
  ];
  for (const row of rows) ids[row.code] = row.id;
});
afterAll(() => ctx.close());

async function statusesOf(...codes: string[]) {
  const rows = await ctx.database.db
    .select({ code: tags.code, status: tags.status })
    .from(tags)
    .where(inArray(tags.code, codes));
  return Object.fromEntries(rows.map((row) => [row.code, row.status]));
}

const idsOf = (...codes: string[]) => codes.map((code) => ids[code]!);

describe('POST /v1/tag/write-off', () => {
  it('writes off new, in-micromarket, not-paid and removed tags, stamps them and audits the call', async () => {
    const response = await call(ctx, 'POST', '/v1/tag/write-off', {
      token: await ctx.login('operator'),
      payload: { ids: idsOf('D0000001', 'D0000002', 'D0000004', 'D0000005'), reason: ' Damaged package ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated: 4 });
    const [row] = await ctx.database.db.select().from(tags).where(eq(tags.id, ids.D0000001!));
    expect(row).toMatchObject({ status: 'written_off', reason: 'Damaged package' });
    expect(row!.writtenOffAt).toBeInstanceOf(Date);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'tag'), eq(auditLog.action, 'write_off')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ ids: idsOf('D0000001', 'D0000002', 'D0000004', 'D0000005') });
  });

  it('refuses sold and written-off tags with 409 listing their codes, changing nothing', async () => {
    const token = await ctx.login('operator');
    const response = await call(ctx, 'POST', '/v1/tag/write-off', {
      token,
      payload: { ids: idsOf('D0000007', 'D0000003', 'D0000006'), reason: 'Expired' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('These tags cannot be written off: D0000003, D0000006');
    expect(await statusesOf('D0000007', 'D0000003', 'D0000006')).toEqual({
      D0000007: 'new',
      D0000003: 'sold',
      D0000006: 'written_off',
    });
  });

  it('names the action in the caller’s language', async () => {
    const response = await call(ctx, 'POST', '/v1/tag/write-off', {
      token: await ctx.login('operator'),
      lang: 'pl',
      payload: { ids: idsOf('D000000A'), reason: 'Zepsute' },
    });
    expect(response.json().message).toBe('Tych tagów nie można odpisać: D000000A');
  });

  it('answers 400 naming the fields, 401 and 403 without manage_tags', async () => {
    const bad = await call(ctx, 'POST', '/v1/tag/write-off', {
      token: await ctx.login('operator'),
      payload: { ids: [], reason: '  ' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['ids', 'reason']);
    const payload = { ids: idsOf('F0000001'), reason: 'x' };
    expect((await call(ctx, 'POST', '/v1/tag/write-off', { payload })).statusCode).toBe(401);
    const franchisor = await call(ctx, 'POST', '/v1/tag/write-off', { token: await ctx.login('franchisor'), payload });
    expect(franchisor.statusCode).toBe(403);
    expect(await statusesOf('F0000001')).toEqual({ F0000001: 'new' });
  });

  it('answers 404 for another organisation’s tag or an unknown id, 403 for a view-only one', async () => {
    const krakow = await loginCatalogueManager(ctx, ORG.krakow, 'tags.krakow@vitrina.local');
    const foreign = await call(ctx, 'POST', '/v1/tag/write-off', {
      token: krakow,
      payload: { ids: idsOf('F0000001', 'D0000007'), reason: 'x' },
    });
    expect(foreign.statusCode).toBe(404);
    const unknown = await call(ctx, 'POST', '/v1/tag/write-off', {
      token: await ctx.login('operator'),
      payload: { ids: [...idsOf('D0000007'), 999_999], reason: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    const viewOnly = await call(ctx, 'POST', '/v1/tag/write-off', {
      token: await ctx.login('operator'),
      payload: { ids: idsOf('D0000007', 'E0000001'), reason: 'x' },
    });
    expect(viewOnly.statusCode).toBe(403);
    expect(await statusesOf('F0000001', 'D0000007', 'E0000001')).toEqual({
      F0000001: 'new',
      D0000007: 'new',
      E0000001: 'new',
    });
    // Krakow is editable for the main organisation (level 2).
    const sub = await call(ctx, 'POST', '/v1/tag/write-off', {
      token: await ctx.login('operator'),
      payload: { ids: idsOf('F0000001'), reason: 'Broken chip' },
    });
    expect(sub.json()).toEqual({ updated: 1 });
  });
});

describe('POST /v1/tag/remove', () => {
  it('removes new and in-micromarket tags and stamps them', async () => {
    const response = await call(ctx, 'POST', '/v1/tag/remove', {
      token: await ctx.login('operator'),
      payload: { ids: idsOf('D0000007', 'D0000008'), reason: 'Returned to the warehouse' },
    });
    expect(response.json()).toEqual({ updated: 2 });
    const [row] = await ctx.database.db.select().from(tags).where(eq(tags.id, ids.D0000008!));
    expect(row).toMatchObject({ status: 'removed', reason: 'Returned to the warehouse' });
    expect(row!.removedAt).toBeInstanceOf(Date);
  });

  it('keeps a mixed batch all-or-nothing: one illegal tag leaves every tag as it was', async () => {
    const response = await call(ctx, 'POST', '/v1/tag/remove', {
      token: await ctx.login('operator'),
      payload: { ids: idsOf('D0000009', 'D0000007', 'D0000003'), reason: 'Recall' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('These tags cannot be removed: D0000003, D0000007');
    expect(await statusesOf('D0000009', 'D0000007', 'D0000003')).toEqual({
      D0000009: 'new',
      D0000007: 'removed',
      D0000003: 'sold',
    });
  });

  it('answers 400, 401, 403 and 404 like write-off', async () => {
    const operator = await ctx.login('operator');
    const bad = await call(ctx, 'POST', '/v1/tag/remove', { token: operator, payload: { ids: ['x'] } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['ids.0', 'reason']);
    const payload = { ids: idsOf('D0000009'), reason: 'x' };
    expect((await call(ctx, 'POST', '/v1/tag/remove', { payload })).statusCode).toBe(401);
    expect((await call(ctx, 'POST', '/v1/tag/remove', { token: await ctx.login('courier'), payload })).statusCode).toBe(
      403,
    );
    const krakow = await loginCatalogueManager(ctx, ORG.krakow, 'remove.krakow@vitrina.local');
    expect((await call(ctx, 'POST', '/v1/tag/remove', { token: krakow, payload })).statusCode).toBe(404);
    const viewOnly = await call(ctx, 'POST', '/v1/tag/remove', {
      token: operator,
      payload: { ids: idsOf('E0000001'), reason: 'x' },
    });
    expect(viewOnly.statusCode).toBe(403);
    expect(await statusesOf('D0000009', 'E0000001')).toEqual({ D0000009: 'new', E0000001: 'new' });
  });
});
