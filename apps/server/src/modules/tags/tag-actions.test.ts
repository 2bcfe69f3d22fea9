import type { TagStatus } from '@vitrina/contract';
import { api } from '@vitrina/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { insertMicromarket, insertProduct, insertTags } from '../../../test/factories/catalogue.js';
import { uniqueCodePrefix } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { call, createTestContext, type TestContext } from '../../../test/helper.js';
import { auditLog, tags } from '../../db/schema/index.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** The statuses each test starts from; `D…` are main's, `E001` view-only Kyiv's, `F001` editable Krakow's. */
const MAIN_TAGS: [string, TagStatus, boolean][] = [
  ['D001', 'new', false],
  ['D002', 'in_micromarket', true],
  ['D003', 'sold', true],
  ['D004', 'not_paid', true],
  ['D005', 'removed', false],
  ['D006', 'written_off', false],
  ['D007', 'new', false],
  ['D008', 'in_micromarket', true],
  ['D009', 'new', false],
  ['D00A', 'sold', false],
];

/** A tenant with tags in every status; codes carry a prefix of their own, as codes are unique. */
async function tagWorld() {
  const db = ctx.database.db;
  const tenant = await createTenant(db);
  const { main, kyiv, krakow } = tenant.org;
  const prefix = uniqueCodePrefix();
  const code = (name: string) => `${prefix}${name}`;
  const market = await insertMicromarket(db, main, 'Hall');
  const product = await insertProduct(db, main, { name: 'Salad' });
  const rows = [
    ...(await insertTags(
      db,
      main,
      product,
      MAIN_TAGS.map(([name, status, inMarket]) => ({
        code: code(name),
        status,
        micromarketId: inMarket ? market : null,
      })),
    )),
    ...(await insertTags(db, kyiv, await insertProduct(db, kyiv, { name: 'Kvass' }), [{ code: code('E001') }])),
    ...(await insertTags(db, krakow, await insertProduct(db, krakow, { name: 'Zapiekanka' }), [
      { code: code('F001') },
    ])),
  ];
  const ids = new Map(rows.map((row) => [row.code, row.id]));
  const idOf = (name: string) => ids.get(code(name))!;
  return {
    tenant,
    code,
    operator: await tenant.token('operator'),
    idsOf: (...names: string[]) => names.map(idOf),
    idOf,
    /** Status by short name, read straight from the table. */
    async statusesOf(...names: string[]) {
      const found = await db
        .select({ code: tags.code, status: tags.status })
        .from(tags)
        .where(inArray(tags.code, names.map(code)));
      return Object.fromEntries(found.map((row) => [row.code.slice(prefix.length), row.status]));
    },
  };
}

describe('POST /v1/tag/write-off', () => {
  it('writes off new, in-micromarket, not-paid and removed tags, stamps them and audits the call', async () => {
    const world = await tagWorld();
    const response = await callApi(ctx, api.tag.writeOff, {
      token: world.operator,
      body: { ids: world.idsOf('D001', 'D002', 'D004', 'D005'), reason: ' Damaged package ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated: 4 });
    const [row] = await ctx.database.db
      .select()
      .from(tags)
      .where(eq(tags.id, world.idOf('D001')));
    expect(row).toMatchObject({ status: 'written_off', reason: 'Damaged package' });
    expect(row!.writtenOffAt).toBeInstanceOf(Date);
    const operator = await world.tenant.user('operator');
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'tag'), eq(auditLog.action, 'write_off'), eq(auditLog.actorUserId, operator.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ ids: world.idsOf('D001', 'D002', 'D004', 'D005') });
  });

  it('refuses sold and written-off tags with 409 listing their codes, changing nothing', async () => {
    const world = await tagWorld();
    const response = await callApi(ctx, api.tag.writeOff, {
      token: world.operator,
      body: { ids: world.idsOf('D007', 'D003', 'D006'), reason: 'Expired' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.error().message).toBe(
      `These tags cannot be written off: ${world.code('D003')}, ${world.code('D006')}`,
    );
    expect(await world.statusesOf('D007', 'D003', 'D006')).toEqual({
      D007: 'new',
      D003: 'sold',
      D006: 'written_off',
    });
  });

  it('names the action in the caller’s language', async () => {
    const world = await tagWorld();
    const response = await callApi(ctx, api.tag.writeOff, {
      token: world.operator,
      lang: 'pl',
      body: { ids: world.idsOf('D00A'), reason: 'Zepsute' },
    });
    expect(response.error().message).toBe(`Tych tagów nie można odpisać: ${world.code('D00A')}`);
  });

  it('answers 400 naming the fields', async () => {
    const world = await tagWorld();
    const bad = await callApi(ctx, api.tag.writeOff, { token: world.operator, body: { ids: [], reason: '  ' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.error().fields!).sort()).toEqual(['ids', 'reason']);
  });

  it('answers 404 for another organisation’s tag or an unknown id, 403 for a view-only one', async () => {
    const world = await tagWorld();
    const krakow = await world.tenant.token('catalogueManager');
    const foreign = await callApi(ctx, api.tag.writeOff, {
      token: krakow,
      body: { ids: world.idsOf('F001', 'D007'), reason: 'x' },
    });
    expect(foreign.statusCode).toBe(404);
    const unknown = await callApi(ctx, api.tag.writeOff, {
      token: world.operator,
      body: { ids: [...world.idsOf('D007'), 999_999], reason: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    const viewOnly = await callApi(ctx, api.tag.writeOff, {
      token: world.operator,
      body: { ids: world.idsOf('D007', 'E001'), reason: 'x' },
    });
    expect(viewOnly.statusCode).toBe(403);
    expect(await world.statusesOf('F001', 'D007', 'E001')).toEqual({ F001: 'new', D007: 'new', E001: 'new' });
    // Krakow is editable for the main organisation (level 2).
    const sub = await callApi(ctx, api.tag.writeOff, {
      token: world.operator,
      body: { ids: world.idsOf('F001'), reason: 'Broken chip' },
    });
    expect(sub.json()).toEqual({ updated: 1 });
  });
});

describe('POST /v1/tag/remove', () => {
  it('removes new and in-micromarket tags and stamps them', async () => {
    const world = await tagWorld();
    const response = await callApi(ctx, api.tag.remove, {
      token: world.operator,
      body: { ids: world.idsOf('D007', 'D008'), reason: 'Returned to the warehouse' },
    });
    expect(response.json()).toEqual({ updated: 2 });
    const [row] = await ctx.database.db
      .select()
      .from(tags)
      .where(eq(tags.id, world.idOf('D008')));
    expect(row).toMatchObject({ status: 'removed', reason: 'Returned to the warehouse' });
    expect(row!.removedAt).toBeInstanceOf(Date);
  });

  it('keeps a mixed batch all-or-nothing: one illegal tag leaves every tag as it was', async () => {
    const world = await tagWorld();
    const response = await callApi(ctx, api.tag.remove, {
      token: world.operator,
      body: { ids: world.idsOf('D009', 'D005', 'D003'), reason: 'Recall' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.error().message).toBe(`These tags cannot be removed: ${world.code('D003')}, ${world.code('D005')}`);
    expect(await world.statusesOf('D009', 'D005', 'D003')).toEqual({ D009: 'new', D005: 'removed', D003: 'sold' });
  });

  it('answers 400, 404 and 403 view-only like write-off', async () => {
    const world = await tagWorld();
    // An id in words, and no reason.
    const bad = await call(ctx, 'POST', '/v1/tag/remove', { token: world.operator, payload: { ids: ['x'] } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['ids.0', 'reason']);
    const payload = { ids: world.idsOf('D009'), reason: 'x' };
    const krakow = await world.tenant.token('catalogueManager');
    expect((await callApi(ctx, api.tag.remove, { token: krakow, body: payload })).statusCode).toBe(404);
    const viewOnly = await callApi(ctx, api.tag.remove, {
      token: world.operator,
      body: { ids: world.idsOf('E001'), reason: 'x' },
    });
    expect(viewOnly.statusCode).toBe(403);
    expect(await world.statusesOf('D009', 'E001')).toEqual({ D009: 'new', E001: 'new' });
  });
});
