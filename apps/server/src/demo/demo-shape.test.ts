import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type TFleetDisplay, tileConditions, ZFleetFile } from '@vitrina/contract';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cabinet } from '../../../simulator/src/cabinet.js';
import { seededRandom } from '../../../simulator/src/random.js';
import { call, createTestContext, ORG, type TestContext } from '../../test/helper.js';
import { customerCards, micromarkets, paymentTransactions, products, transactions, users } from '../db/schema/index.js';
import { createLocalStorage } from '../lib/storage.js';
import { DEFAULT_THRESHOLDS, unexplainedGrams } from '../modules/alerts/alert-rules.js';
import { explainedGrams } from '../modules/devices/ingest.repository.js';
import { customerOpenRefusal } from '../modules/sales-gate/index.js';
import { seedCatalogueDemo, weightOfSize } from './catalogue.js';
import { writeDemoFleet } from './demo-fleet.js';
import { DEMO_OFFLINE_SERIAL, DEMO_WARM_SERIAL } from './fleet.js';
import { customerTokensOf, seedCustomersDemo, seedFiscalDemo, seedSalesHistoryDemo } from './sales.js';
import { seedSubscriptionsDemo } from './subscriptions.js';

/**
 * Issue 25, the demo's first impression: a healthy fleet with a few realistic problems. The
 * whole demo is seeded as `npm start` seeds it (catalogue, customers, subscriptions, fiscal
 * register, weeks of sales, the fleet file); then what the panel shows and what the simulated
 * fridges would meet is checked: a few per cent of declined card payments, one cabinet
 * offline, no cabinet refusing the walk-up customers, and no weight alert from an ordinary
 * customer taking products.
 */
let ctx: TestContext;
let dataDir: string;
let fleet: ReturnType<typeof ZFleetFile.parse>;
const orgIds = [ORG.main, ORG.kyiv, ORG.krakow];

beforeAll(async () => {
  ctx = await createTestContext();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-demo-shape-'));
  const db = ctx.database.db;
  const [operator] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'operator@vitrina.local'));
  await seedCatalogueDemo(db, createLocalStorage(path.join(dataDir, 'files')), ORG, operator!.id);
  await seedCustomersDemo(
    db,
    orgIds,
    (orgId) => ctx.app.payments.sealCredentials(orgId, { webhook_secret: `whsec_shape${orgId}` })!,
  );
  await seedSubscriptionsDemo(db, orgIds, new Date());
  await seedFiscalDemo(db, orgIds, new Date());
  await seedSalesHistoryDemo(db, orgIds);
  const file = await writeDemoFleet(db, dataDir);
  fleet = ZFleetFile.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}, 240_000);

afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the demo’s first impression', () => {
  it('declines a few per cent of card payments, not one in eight', async () => {
    const admin = await ctx.login('admin');
    const analytics = await get<{ totals: { payment: number } }>(admin, '/v1/error/analytics');
    const charges = await ctx.database.db
      .select({ id: paymentTransactions.id })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.operation, 'charge'));
    const share = analytics.totals.payment / charges.length;
    expect(charges.length).toBeGreaterThan(1_000);
    expect(analytics.totals.payment).toBeGreaterThan(0);
    expect(share).toBeLessThan(0.05);
  });

  it('shows one cabinet offline and the rest well, and simulates every cabinet but the one without power', async () => {
    const admin = await ctx.login('admin');
    const display = await get<TFleetDisplay>(admin, '/v1/device/display');
    const troubled = display.items.filter((tile) => tileConditions(tile).length > 0);
    expect(troubled.map((tile) => tile.id)).toEqual([(await marketOf(DEMO_OFFLINE_SERIAL)).id]);
    expect(display.counts.offline).toBe(1);
    expect(display.items.filter((tile) => tile.locked)).toEqual([]);
    expect(fleet.map((fridge) => fridge.serial)).not.toContain(DEMO_OFFLINE_SERIAL);
    expect(fleet.map((fridge) => fridge.serial)).toContain(DEMO_WARM_SERIAL);
    expect(fleet).toHaveLength(display.items.length - 1);
  });

  it('gives every product a weight, so a customer taking drinks raises no weight alert', async () => {
    const weightless = await ctx.database.db
      .select({ name: products.name })
      .from(products)
      .where(and(inArray(products.orgId, orgIds), isNull(products.weightG)));
    expect(weightless).toEqual([]);
    expect(weightOfSize('0.33 l')).toBe(347);
    expect(weightOfSize('2 pcs')).toBe(360);
    expect(weightOfSize('450 ml')).toBe(473);
    for (const fridge of fleet) {
      for (const product of fridge.products) expect(product.weight_grams, product.name).toBeGreaterThan(0);
      // A customer takes five items, as the simulator's cabinet weighs them; the server
      // explains the drop by the tags that left.
      const cabinet = new Cabinet({ shelfCount: fridge.shelves ?? 4, products: fridge.products, tags: fridge.tags });
      const before = cabinet.weights();
      const taken = cabinet.takeRandom(5, seededRandom(7));
      const explained = await explainedGrams(ctx.database.db, {
        orgId: (await marketOf(fridge.serial)).orgId,
        codes: taken.flatMap((item) => (item.tag ? [item.tag] : [])),
        detections: [],
      });
      const unexplained = unexplainedGrams(before, cabinet.weights(), explained);
      expect(Math.abs(unexplained ?? 0), fridge.serial).toBeLessThanOrEqual(DEFAULT_THRESHOLDS.weightToleranceGrams);
    }
  });

  it('refuses none of the walk-up customers at any simulated cabinet, and none of them owes', async () => {
    const db = ctx.database.db;
    for (const orgId of orgIds) {
      const tokens = await customerTokensOf(db, orgId);
      if (tokens.length === 0) continue;
      const walkUps = await db
        .select({ userId: customerCards.userId })
        .from(customerCards)
        .where(inArray(customerCards.token, tokens));
      const owing = await db
        .select({ id: transactions.id })
        .from(transactions)
        .where(
          and(
            inArray(
              transactions.customerId,
              walkUps.map((row) => row.userId),
            ),
            eq(transactions.paymentStatus, 2),
            isNotNull(transactions.customerId),
          ),
        );
      expect(owing).toEqual([]);
    }
    const refusals: string[] = [];
    for (const fridge of fleet) {
      const market = await marketOf(fridge.serial);
      const [card] = await db
        .select({ userId: customerCards.userId })
        .from(customerCards)
        .where(eq(customerCards.token, fridge.customers[0]!));
      const refusal = await customerOpenRefusal(db, {
        micromarketId: market.id,
        customerId: card!.userId,
        now: new Date(),
      });
      if (refusal) refusals.push(`${fridge.serial}: ${refusal}`);
    }
    expect(refusals).toEqual([]);
  });
});

async function marketOf(serial: string) {
  const [market] = await ctx.database.db
    .select({ id: micromarkets.id, orgId: micromarkets.orgId })
    .from(micromarkets)
    .where(eq(micromarkets.serialNumber, serial));
  return market!;
}

async function get<T>(token: string, url: string): Promise<T> {
  const response = await call(ctx, 'GET', url, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}
