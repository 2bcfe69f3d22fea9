import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, ORG, type TestContext } from '../../../test/helper.js';
import { auditLog, storageBatches, tags } from '../../db/schema/index.js';
import { insertProduct, insertTags, loginCatalogueManager } from './tag-fixtures.js';

let ctx: TestContext;
const product = { main: 0, inactive: 0, hidden: 0, kyiv: 0, krakow: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  product.main = await insertProduct(ctx, ORG.main, { name: 'Wrap', storagePeriodHours: 48 });
  product.inactive = await insertProduct(ctx, ORG.main, { name: 'Old wrap', status: 'inactive' });
  product.hidden = await insertProduct(ctx, ORG.main, { name: 'Tray', forProgrammer: false });
  product.kyiv = await insertProduct(ctx, ORG.kyiv, { name: 'Syrniki' });
  product.krakow = await insertProduct(ctx, ORG.krakow, { name: 'Bigos', storagePeriodHours: 24 });
  await insertTags(ctx, ORG.krakow, product.krakow, [{ code: 'ABCDEF01' }, { code: 'ABCDEF02' }]);
});
afterAll(() => ctx.close());

const program = async (token: string | undefined, payload: object, lang?: string) =>
  call(ctx, 'POST', '/v1/tag/program', { ...(token ? { token } : {}), payload, ...(lang ? { lang } : {}) });

describe('POST /v1/tag/program', () => {
  it('writes a storage batch of new tags that keep for the product’s storage period', async () => {
    const before = Date.now();
    const response = await program(await ctx.login('operator'), {
      product_id: product.main,
      codes: ['a1b2c3d4', ' A1B2C3D5 ', 'A1B2C3D6'],
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.created).toBe(3);
    const storeUpTo = new Date(body.store_up_to).getTime();
    expect(storeUpTo).toBeGreaterThanOrEqual(before + 48 * 3600_000);
    expect(storeUpTo).toBeLessThanOrEqual(Date.now() + 48 * 3600_000);

    const [batch] = await ctx.database.db.select().from(storageBatches).where(eq(storageBatches.id, body.batch_id));
    expect(batch).toMatchObject({ orgId: ORG.main, productId: product.main, total: 3, createdBy: 2 });
    const rows = await ctx.database.db.select().from(tags).where(eq(tags.batchId, body.batch_id)).orderBy(tags.id);
    expect(rows.map((row) => [row.code, row.status, row.orgId, row.storeUpTo.getTime()])).toEqual([
      ['A1B2C3D4', 'new', ORG.main, storeUpTo],
      ['A1B2C3D5', 'new', ORG.main, storeUpTo],
      ['A1B2C3D6', 'new', ORG.main, storeUpTo],
    ]);
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entity, 'storage_batch'));
    expect(audit.map((row) => row.entityId)).toEqual([String(body.batch_id)]);
  });

  it('writes for an editable sub-organisation’s product into that organisation', async () => {
    const response = await program(await ctx.login('operator'), { product_id: product.krakow, codes: ['BEEF0001'] });
    expect(response.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(tags).where(eq(tags.code, 'BEEF0001'));
    expect(row!.orgId).toBe(ORG.krakow);
  });

  it('refuses codes repeated in the request or already written, listing them and writing nothing', async () => {
    const token = await ctx.login('operator');
    const repeated = await program(token, { product_id: product.main, codes: ['C0FFEE01', 'c0ffee01', 'C0FFEE02'] });
    expect(repeated.statusCode).toBe(409);
    expect(repeated.json().message).toBe('These tag codes are already in use: C0FFEE01');
    // Codes are physical: one written in another organisation is taken too.
    const taken = await program(token, { product_id: product.main, codes: ['C0FFEE03', 'ABCDEF02', 'A1B2C3D4'] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('These tag codes are already in use: A1B2C3D4, ABCDEF02');
    const written = await ctx.database.db
      .select({ code: tags.code })
      .from(tags)
      .where(eq(tags.productId, product.main));
    expect(written.map((row) => row.code).sort()).toEqual(['A1B2C3D4', 'A1B2C3D5', 'A1B2C3D6']);
    expect(await ctx.database.db.select().from(storageBatches)).toHaveLength(2);
  });

  it('refuses inactive products and products not marked for the programmer', async () => {
    const token = await ctx.login('operator');
    for (const id of [product.inactive, product.hidden]) {
      const response = await program(token, { product_id: id, codes: ['DEAD0001'] });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('Only active products marked for the programmer can get tags');
    }
  });

  it('answers 400 naming the field', async () => {
    const token = await ctx.login('operator');
    const bad = await program(token, { product_id: product.main, codes: ['XYZ', 'ABCDEF0'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      'codes.0': 'A tag code is 8 to 64 hexadecimal characters (0-9, A-F)',
      'codes.1': 'A tag code is 8 to 64 hexadecimal characters (0-9, A-F)',
    });
    const empty = await program(token, { product_id: 'x', codes: [] });
    expect(Object.keys(empty.json().fields).sort()).toEqual(['codes', 'product_id']);
  });

  it('answers 401, 403 without program_tags, 404 for another organisation’s product, 403 view-only', async () => {
    const payload = { product_id: product.main, codes: ['FACE0001'] };
    expect((await program(undefined, payload)).statusCode).toBe(401);
    expect((await program(await ctx.login('franchisor'), payload)).statusCode).toBe(403);
    const krakow = await loginCatalogueManager(ctx, ORG.krakow, 'programmer.krakow@vitrina.local');
    const foreign = await program(krakow, payload);
    expect(foreign.statusCode).toBe(404);
    expect(Object.keys(foreign.json().fields)).toEqual(['product_id']);
    expect((await program(krakow, { ...payload, product_id: 999_999 })).statusCode).toBe(404);
    expect((await program(await ctx.login('operator'), { ...payload, product_id: product.kyiv })).statusCode).toBe(403);
    const [row] = await ctx.database.db.select().from(tags).where(eq(tags.code, 'FACE0001'));
    expect(row).toBeUndefined();
  });
});
