import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ZFleetFile } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codes, insertMicromarket, insertProduct, insertTags } from '../../test/factories/catalogue.js';
import { createTestContext, ORG, type TestContext } from '../../test/helper.js';
import { micromarkets } from '../db/schema/index.js';
import { hashToken } from '../lib/crypto.js';
import { writeDemoFleet } from './demo-fleet.js';

let ctx: TestContext;
let dataDir: string;

beforeAll(async () => {
  ctx = await createTestContext();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-demo-fleet-'));
});

afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the demo fleet file', () => {
  it('gives each micromarket a fresh token and lists its tags, a restock pool and product weights', async () => {
    const db = ctx.database.db;
    const marketId = await insertMicromarket(db, ORG.main, 'Fleet file');
    await db.update(micromarkets).set({ serialNumber: 'VT-FLEET-1' }).where(eq(micromarkets.id, marketId));
    await insertMicromarket(db, ORG.main, 'Not a device serial');
    const productId = await insertProduct(db, ORG.main, { name: 'Cola 330', weightG: 330 });
    const inside = codes('E2F1EE7', 3);
    const fresh = codes('E2F1EE8', 4);
    await insertTags(
      db,
      ORG.main,
      productId,
      inside.map((code) => ({ code, status: 'in_micromarket', micromarketId: marketId })),
    );
    await insertTags(
      db,
      ORG.main,
      productId,
      fresh.map((code) => ({ code })),
    );

    const file = await writeDemoFleet(db, dataDir);
    expect(file).toBe(path.join(dataDir, 'demo-fleet.json'));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const fleet = ZFleetFile.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
    const [market] = await db.select().from(micromarkets).where(eq(micromarkets.id, marketId));
    const fridge = fleet.find((entry) => entry.serial === market!.serialNumber)!;
    expect(hashToken(fridge.token)).toBe(market!.tokenHash);
    expect(fridge.tags.map((tag) => tag.code).sort()).toEqual(inside);
    for (const tag of fridge.tags) expect(tag.product_id).toBe(productId);
    // The organisation's new tags are shared out between its fridges.
    expect(fleet.some((entry) => entry.serial.includes(' '))).toBe(false);
    const pooled = fleet.flatMap((entry) => entry.pool.map((tag) => tag.code));
    expect(pooled).toEqual(expect.arrayContaining(fresh));
    expect(fridge.products).toContainEqual(expect.objectContaining({ id: productId, weight_grams: 330 }));
  });
});
