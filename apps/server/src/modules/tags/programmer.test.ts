import { api } from '@vitrina/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiRequest, callApi } from '../../../test/api-client.js';
import { insertProduct, insertTags } from '../../../test/factories/catalogue.js';
import { uniqueCodePrefix } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { call, createTestContext, type TestContext } from '../../../test/helper.js';
import { auditLog, storageBatches, tags } from '../../db/schema/index.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Products of a fresh tenant; codes carry a prefix of their own, as tag codes are unique. */
async function programmerWorld() {
  const db = ctx.database.db;
  const tenant = await createTenant(db);
  const { main, kyiv, krakow } = tenant.org;
  const prefix = uniqueCodePrefix();
  const code = (name: string) => `${prefix}${name}`;
  const product = {
    main: await insertProduct(db, main, { name: 'Wrap', storagePeriodHours: 48 }),
    inactive: await insertProduct(db, main, { name: 'Old wrap', status: 'inactive' }),
    hidden: await insertProduct(db, main, { name: 'Tray', forProgrammer: false }),
    kyiv: await insertProduct(db, kyiv, { name: 'Syrniki' }),
    krakow: await insertProduct(db, krakow, { name: 'Bigos', storagePeriodHours: 24 }),
  };
  await insertTags(db, krakow, product.krakow, [{ code: code('ABCDEF01') }, { code: code('ABCDEF02') }]);
  return { tenant, product, code, operator: await tenant.user('operator') };
}

const program = async (token: string, body: ApiRequest<typeof api.tag.program>['body']) =>
  callApi(ctx, api.tag.program, { token, body });
const codesOfProduct = async (productId: number) =>
  (await ctx.database.db.select({ code: tags.code }).from(tags).where(eq(tags.productId, productId)))
    .map((row) => row.code)
    .sort();

describe('POST /v1/tag/program', () => {
  it('writes a storage batch of new tags that keep for the product’s storage period', async () => {
    const { tenant, product, code, operator } = await programmerWorld();
    const before = Date.now();
    const response = await program(operator.token, {
      product_id: product.main,
      codes: [code('a1b2c3d4').toLowerCase(), ` ${code('A1B2C3D5')} `, code('A1B2C3D6')],
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.created).toBe(3);
    const storeUpTo = new Date(body.store_up_to).getTime();
    expect(storeUpTo).toBeGreaterThanOrEqual(before + 48 * 3600_000);
    expect(storeUpTo).toBeLessThanOrEqual(Date.now() + 48 * 3600_000);

    const [batch] = await ctx.database.db.select().from(storageBatches).where(eq(storageBatches.id, body.batch_id));
    expect(batch).toMatchObject({ orgId: tenant.org.main, productId: product.main, total: 3, createdBy: operator.id });
    const rows = await ctx.database.db.select().from(tags).where(eq(tags.batchId, body.batch_id)).orderBy(tags.id);
    expect(rows.map((row) => [row.code, row.status, row.orgId, row.storeUpTo.getTime()])).toEqual([
      [code('A1B2C3D4'), 'new', tenant.org.main, storeUpTo],
      [code('A1B2C3D5'), 'new', tenant.org.main, storeUpTo],
      [code('A1B2C3D6'), 'new', tenant.org.main, storeUpTo],
    ]);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'storage_batch'), eq(auditLog.actorUserId, operator.id)));
    expect(audit.map((row) => row.entityId)).toEqual([String(body.batch_id)]);
  });

  it('writes for an editable sub-organisation’s product into that organisation', async () => {
    const { tenant, product, code, operator } = await programmerWorld();
    const response = await program(operator.token, { product_id: product.krakow, codes: [code('BEEF0001')] });
    expect(response.statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(tags)
      .where(eq(tags.code, code('BEEF0001')));
    expect(row!.orgId).toBe(tenant.org.krakow);
  });

  it('refuses codes repeated in the request or already written, listing them and writing nothing', async () => {
    const { tenant, product, code, operator } = await programmerWorld();
    const written = [code('A1B2C3D4'), code('A1B2C3D5'), code('A1B2C3D6')];
    await insertTags(
      ctx.database.db,
      tenant.org.main,
      product.main,
      written.map((value) => ({ code: value })),
    );
    const repeated = await program(operator.token, {
      product_id: product.main,
      codes: [code('C0FFEE01'), code('c0ffee01').toLowerCase(), code('C0FFEE02')],
    });
    expect(repeated.statusCode).toBe(409);
    expect(repeated.error().message).toBe(`These tag codes are already in use: ${code('C0FFEE01')}`);
    // Codes are physical: one written in another organisation is taken too.
    const taken = await program(operator.token, {
      product_id: product.main,
      codes: [code('C0FFEE03'), code('ABCDEF02'), code('A1B2C3D4')],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.error().message).toBe(`These tag codes are already in use: ${code('A1B2C3D4')}, ${code('ABCDEF02')}`);
    expect(await codesOfProduct(product.main)).toEqual(written);
    const batches = await ctx.database.db
      .select()
      .from(storageBatches)
      .where(eq(storageBatches.productId, product.main));
    expect(batches).toHaveLength(0);
  });

  it('refuses inactive products and products not marked for the programmer', async () => {
    const { product, code, operator } = await programmerWorld();
    for (const id of [product.inactive, product.hidden]) {
      const response = await program(operator.token, { product_id: id, codes: [code('DEAD0001')] });
      expect(response.statusCode).toBe(409);
      expect(response.error().message).toBe('Only active products marked for the programmer can get tags');
    }
  });

  it('answers 400 naming the field', async () => {
    const { product, operator } = await programmerWorld();
    const bad = await program(operator.token, { product_id: product.main, codes: ['XYZ', 'ABCDEF0'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.error().fields).toEqual({
      'codes.0': 'A tag code is 8 to 64 hexadecimal characters (0-9, A-F)',
      'codes.1': 'A tag code is 8 to 64 hexadecimal characters (0-9, A-F)',
    });
    // A product id in words.
    const empty = await call(ctx, 'POST', '/v1/tag/program', {
      token: operator.token,
      payload: { product_id: 'x', codes: [] },
    });
    expect(Object.keys(empty.json().fields).sort()).toEqual(['codes', 'product_id']);
  });

  it('answers 404 for another organisation’s product, 403 view-only, writing nothing', async () => {
    const { tenant, product, code, operator } = await programmerWorld();
    const payload = { product_id: product.main, codes: [code('FACE0001')] };
    const krakow = await tenant.token('catalogueManager');
    const foreign = await program(krakow, payload);
    expect(foreign.statusCode).toBe(404);
    expect(Object.keys(foreign.error().fields!)).toEqual(['product_id']);
    expect((await program(krakow, { ...payload, product_id: 999_999 })).statusCode).toBe(404);
    expect((await program(operator.token, { ...payload, product_id: product.kyiv })).statusCode).toBe(403);
    const [row] = await ctx.database.db
      .select()
      .from(tags)
      .where(eq(tags.code, code('FACE0001')));
    expect(row).toBeUndefined();
  });
});
