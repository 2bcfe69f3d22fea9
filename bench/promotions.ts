/**
 * Bonus promotions at settlement: what the promotion step adds to a settled sale's
 * database transaction with 200 active promotions in the organisation. Each measured sale is
 * a paid sale of a known customer; the step (`applyPromotions`: one query for the running
 * promotions, the customer's facts for the subtypes that need them, the engine, the ledger
 * bookings) runs inside a transaction as the settlement runs it. The same run times the
 * same transaction for an organisation without promotions (the baseline every settlement
 * pays), and prints p50/p95/p99 of both and the p95 difference. Target: the difference
 * < 5 ms at p95. Measurement only: no assertions, exit 0.
 *
 *   npm run bench:promotions -- --temp-postgres
 *   npm run bench:promotions -- --sales 2000 --promotions 200
 */

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PROMOTION_PERIODS } from '@vitrina/contract';
import { openDatabase } from '../apps/server/src/db/client.js';
import {
  bonusPromotions,
  micromarkets,
  organizations,
  products,
  transactionProducts,
  transactions,
  users,
} from '../apps/server/src/db/schema/index.js';
import { applyPromotions } from '../apps/server/src/modules/promotions/index.js';
// @ts-expect-error plain JavaScript helper shared with the test runner
import { startTempPostgres } from '../scripts/temp-postgres.mjs';
import { recreateDatabase } from './database.js';
import { percentile } from './load.js';

const { values: flags } = parseArgs({
  options: {
    sales: { type: 'string', default: '1000' },
    promotions: { type: 'string', default: '200' },
    customers: { type: 'string', default: '200' },
    'temp-postgres': { type: 'boolean', default: false },
  },
});
const SALES = Number(flags.sales);
const PROMOTIONS = Number(flags.promotions);
const CUSTOMERS = Number(flags.customers);
const say = (line: string) => process.stdout.write(`${line}\n`);

const temp = flags['temp-postgres'] && !process.env.DATABASE_URL ? await startTempPostgres() : null;
const adminUrl = process.env.DATABASE_URL || temp?.url;
const database = adminUrl
  ? await openDatabase({ databaseUrl: await recreateDatabase(adminUrl, 'vitrina_bench_promotions') })
  : await openDatabase({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-bench-promotions-')) });
const label = adminUrl ? 'PostgreSQL' : 'PGlite';
await database.migrate();
const db = database.db;

/** An organisation with a micromarket, a product and customers. */
async function shop() {
  const [org] = await db
    .insert(organizations)
    .values({ name: `Bench ${randomUUID().slice(0, 8)}` })
    .returning({ id: organizations.id });
  const orgId = org!.id;
  const [micromarket] = await db
    .insert(micromarkets)
    .values({ orgId, name: 'Bench fridge', serialNumber: randomUUID() })
    .returning({ id: micromarkets.id });
  const [product] = await db
    .insert(products)
    .values({ orgId, name: 'Bench sandwich', sellCostMinor: 2_000 })
    .returning({ id: products.id });
  const customers = await db
    .insert(users)
    .values(
      Array.from({ length: CUSTOMERS }, (_, i) => ({
        orgId,
        name: `Customer ${i}`,
        email: `${randomUUID()}@bench.test`,
        userType: 1,
      })),
    )
    .returning({ id: users.id });
  return { orgId, micromarketId: micromarket!.id, productId: product!.id, customerIds: customers.map((c) => c.id) };
}
type Shop = Awaited<ReturnType<typeof shop>>;

const PERIODS = PROMOTION_PERIODS;
const SUBTYPES = [
  { type: 1, subtype: 1 },
  { type: 1, subtype: 2 },
  { type: 1, subtype: 3 },
  { type: 3, subtype: 6 },
] as const;

/**
 * A mix of every purchase and cashback subtype and every period. Thresholds climb with the
 * promotion (1,000 minor units apart), so a sale of 20–65 reaches the few lowest, as an
 * organisation's tiers would; a third are limited to the micromarket the sales happen in.
 */
async function addPromotions(s: Shop) {
  await db.insert(bonusPromotions).values(
    Array.from({ length: PROMOTIONS }, (_, i) => ({
      orgId: s.orgId,
      name: `Promotion ${i}`,
      ...SUBTYPES[i % SUBTYPES.length]!,
      bonusType: i % 2 === 0 ? ('percent' as const) : ('amount' as const),
      amount: i % 2 === 0 ? 5 : 100,
      period: PERIODS[i % PERIODS.length]!,
      startsAt: new Date(Date.now() - 90 * 86_400_000),
      minPurchaseMinor: 1_000 * i,
      micromarketIds: i % 3 === 0 ? [s.micromarketId] : [],
      productIds: [s.productId],
    })),
  );
}

async function paidSale(s: Shop, i: number) {
  const at = new Date();
  const [sale] = await db
    .insert(transactions)
    .values({
      orgId: s.orgId,
      micromarketId: s.micromarketId,
      customerId: s.customerIds[i % s.customerIds.length]!,
      clientType: 1,
      paymentType: 2,
      status: 1,
      paymentStatus: 1,
      currency: 'UAH',
      grossMinor: 2_000 + (i % 10) * 500,
      amountMinor: 2_000 + (i % 10) * 500,
      paidMinor: 2_000 + (i % 10) * 500,
      openedAt: at,
      closedAt: at,
      settledAt: at,
    })
    .returning();
  await db.insert(transactionProducts).values({
    transactionId: sale!.id,
    productId: s.productId,
    name: 'Bench sandwich',
    source: 'weight',
    quantity: 1,
    listPriceMinor: sale!.grossMinor,
    priceMinor: sale!.grossMinor,
  });
  return sale!;
}

/** Times the promotion step inside its own transaction for each of `count` new sales, in ms. */
async function measure(s: Shop, count: number) {
  const times: number[] = [];
  let accrued = 0;
  let paying = 0;
  for (let i = 0; i < count; i += 1) {
    const sale = await paidSale(s, i);
    const started = performance.now();
    const booked = await db.transaction((tx) => applyPromotions(tx, sale, new Date()));
    accrued += booked;
    if (booked > 0) paying += 1;
    times.push(performance.now() - started);
  }
  return { times, accrued, paying };
}

const row = (name: string, times: number[]) =>
  `${name.padEnd(28)} p50 ${percentile(times, 50).toFixed(2)} ms  p95 ${percentile(times, 95).toFixed(2)} ms  p99 ${percentile(times, 99).toFixed(2)} ms`;

say(`bench:promotions on ${label}: ${SALES} settled sales each, ${CUSTOMERS} customers`);
const plain = await shop();
const promoted = await shop();
await addPromotions(promoted);
// Warm both paths (plans, connections) before measuring.
for (const s of [plain, promoted]) await measure(s, 50);
const baseline = await measure(plain, SALES);
const withPromotions = await measure(promoted, SALES);
say(row('no promotions', baseline.times));
say(row(`${PROMOTIONS} active promotions`, withPromotions.times));
const added = percentile(withPromotions.times, 95) - percentile(baseline.times, 95);
say(
  `added at p95: ${added.toFixed(2)} ms (target < 5 ms); ${withPromotions.paying} of ${SALES} sales earned bonuses, ${withPromotions.accrued} minor units`,
);
await database.close();
temp?.stop();
