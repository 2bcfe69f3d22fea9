import { api, type ReportGrouping, type TSalesReport } from '@vitrina/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { insertCategory, insertMicromarket, insertProduct } from '../../../test/factories/catalogue.js';
import { createTenant, type Tenant } from '../../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import type { Db } from '../../db/client.js';
import { transactionProducts, transactions } from '../../db/schema/index.js';
import { rowsOf } from '../../lib/sql.js';
import { flushSaleRollups, markSaleRollups, refreshSaleRollups, saleBucketOf } from './index.js';

/**
 * The organisation-day rollups (sales_org_daily, sales_org_daily_products) that a report of the
 * whole organisation reads: whatever happens to the sales, refreshed one micromarket-day at a
 * time, at once or late (refunds weeks on, a payment taken back, a line corrected), the report
 * from them equals the same figures summed from the sales themselves.
 */
let ctx: TestContext;
let db: Db;
/** Every statement of the test's database, for the one test that checks what the report reads. */
const statements: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ logQuery: (query) => statements.push(query) });
  db = ctx.database.db;
});
afterAll(() => ctx.close());

const FROM = '2026-04-01';
const TO = '2026-04-30';
const PAYMENT_TYPES = [1, 2, 4, 23, 24] as const;

type World = {
  tenant: Tenant;
  token: string;
  orgIds: number[];
  fridges: { id: number; orgId: number; currency: 'UAH' | 'PLN' }[];
  products: { id: number; categoryId: number | null; price: number; cost: number }[];
  sales: { id: number; orgId: number; micromarketId: number; openedAt: Date }[];
};

/** A small deterministic sequence (the same sales on every run, no Math.random). */
function sequence(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

async function makeWorld(): Promise<World> {
  const tenant = await createTenant(db);
  const { main, krakow } = tenant.org;
  const fridges = [
    { id: await insertMicromarket(db, main, 'Org rollup A'), orgId: main, currency: 'UAH' as const },
    { id: await insertMicromarket(db, main, 'Org rollup B'), orgId: main, currency: 'UAH' as const },
    { id: await insertMicromarket(db, main, 'Org rollup C'), orgId: main, currency: 'UAH' as const },
    { id: await insertMicromarket(db, krakow, 'Org rollup K'), orgId: krakow, currency: 'PLN' as const },
  ];
  const drinks = await insertCategory(db, main, { name: 'Org rollup drinks' });
  const snacks = await insertCategory(db, main, { name: 'Org rollup snacks' });
  const products = [
    { id: await insertProduct(db, main, { name: 'Water' }), categoryId: drinks, price: 1500, cost: 600 },
    { id: await insertProduct(db, main, { name: 'Juice' }), categoryId: drinks, price: 3200, cost: 1900 },
    { id: await insertProduct(db, main, { name: 'Crisps' }), categoryId: snacks, price: 2100, cost: 800 },
    { id: await insertProduct(db, main, { name: 'Loose' }), categoryId: null, price: 900, cost: 300 },
  ];
  return { tenant, token: await tenant.token('operator'), orgIds: [main, krakow], fridges, products, sales: [] };
}

/**
 * `count` sales spread over the month's first days and the fridges, one to three lines each,
 * some not paid, some in test mode, some refunded in part; each marks its bucket as a settlement does.
 */
async function addSales(world: World, count: number, seed: number) {
  const pick = sequence(seed);
  for (let i = 0; i < count; i++) {
    const fridge = world.fridges[pick(world.fridges.length)]!;
    const openedAt = new Date(Date.UTC(2026, 3, 1 + pick(5), pick(24), pick(60)));
    const lines = Array.from({ length: 1 + pick(3) }, () => {
      const product = world.products[pick(world.products.length)]!;
      return { product, quantity: 1 + pick(3) };
    });
    const gross = lines.reduce((sum, line) => sum + line.quantity * line.product.price, 0);
    const cost = lines.reduce((sum, line) => sum + line.quantity * line.product.cost, 0);
    const isPaid = pick(10) !== 0;
    const discount = pick(4) === 0 ? 100 : 0;
    const [row] = await db
      .insert(transactions)
      .values({
        orgId: fridge.orgId,
        micromarketId: fridge.id,
        paymentType: PAYMENT_TYPES[pick(PAYMENT_TYPES.length)]!,
        status: 1,
        paymentStatus: isPaid ? 1 : 2,
        currency: fridge.currency,
        grossMinor: gross,
        discountMinor: discount,
        amountMinor: gross - discount,
        paidMinor: isPaid ? gross - discount : 0,
        refundedMinor: isPaid && pick(6) === 0 ? 500 : 0,
        costMinor: cost,
        isTest: pick(15) === 0,
        openedAt,
        closedAt: openedAt,
        settledAt: openedAt,
      })
      .returning({ id: transactions.id });
    await db.insert(transactionProducts).values(
      lines.map((line) => ({
        transactionId: row!.id,
        productId: line.product.id,
        categoryId: line.product.categoryId,
        name: 'line',
        source: 'tag' as const,
        quantity: line.quantity,
        listPriceMinor: line.product.price,
        priceMinor: line.product.price,
        costMinor: line.product.cost,
      })),
    );
    const sale = { id: row!.id, orgId: fridge.orgId, micromarketId: fridge.id, openedAt };
    world.sales.push(sale);
    await markSaleRollups(db, saleBucketOf(sale));
  }
}

async function report(world: World, groupBy: ReportGrouping): Promise<TSalesReport> {
  const response = await callApi(ctx, api.report.sales, {
    token: world.token,
    query: { from: FROM, to: TO, group_by: groupBy },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

type Figures = {
  key: string;
  currency: string;
  sales: number;
  items: number;
  revenue: number;
  refunds: number;
  cost: number;
};

const byKey = (a: Figures, b: Figures) => a.currency.localeCompare(b.currency) || a.key.localeCompare(b.key);
const figures = (rows: readonly Figures[]): Figures[] =>
  rows
    .map(({ key, currency, sales, items, revenue, refunds, cost }) => ({
      key,
      currency,
      sales,
      items,
      revenue,
      refunds,
      cost,
    }))
    .sort(byKey);

/** The same figures summed from the sales and their lines, never from a rollup. */
async function fromSales(world: World, groupBy: ReportGrouping | 'totals'): Promise<Figures[]> {
  const period = sql`t.org_id = ANY(${`{${world.orgIds.join(',')}}`}::int[])
    AND t.opened_at >= ${`${FROM}T00:00:00Z`}::timestamptz AND t.opened_at < ${`${TO}T00:00:00Z`}::timestamptz + interval '1 day'
    AND t.payment_status = 1 AND NOT t.is_test`;
  if (groupBy === 'product' || groupBy === 'category') {
    const column = sql.raw(groupBy === 'product' ? 'p.product_id' : 'p.category_id');
    const result = await db.execute(sql`
      SELECT coalesce(${column}, 0)::text AS key, t.currency, count(DISTINCT t.id)::int AS sales,
        sum(p.quantity)::int AS items, sum(p.quantity * p.price_minor)::int AS revenue, 0 AS refunds,
        sum(p.quantity * p.cost_minor)::int AS cost
      FROM transactions t JOIN transaction_products p ON p.transaction_id = t.id
      WHERE ${period} AND p.quantity > 0 GROUP BY 1, 2`);
    return figures(rowsOf<Figures>(result));
  }
  const keys: Record<Exclude<ReportGrouping, 'product' | 'category'> | 'totals', string> = {
    day: `to_char(t.opened_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
    payment_type: 't.payment_type::text',
    organization: 't.org_id::text',
    micromarket: 't.micromarket_id::text',
    totals: `'total'`,
  };
  const result = await db.execute(sql`
    SELECT ${sql.raw(keys[groupBy])} AS key, t.currency, count(*)::int AS sales,
      coalesce(sum((SELECT sum(p.quantity) FROM transaction_products p WHERE p.transaction_id = t.id)), 0)::int AS items,
      sum(t.paid_minor)::int AS revenue, sum(t.refunded_minor)::int AS refunds, sum(t.cost_minor)::int AS cost
    FROM transactions t WHERE ${period} GROUP BY 1, 2`);
  return figures(rowsOf<Figures>(result));
}

async function expectReportsEqualTheSales(world: World) {
  for (const groupBy of ['product', 'category', 'day', 'payment_type', 'organization', 'micromarket'] as const) {
    const body = await report(world, groupBy);
    expect(figures(body.rows), groupBy).toEqual(await fromSales(world, groupBy));
    expect(figures(body.totals.map((total) => ({ ...total, key: 'total' }))), `${groupBy} totals`).toEqual(
      await fromSales(world, 'totals'),
    );
  }
}

/** Every organisation-day row equals the sum of its micromarket-days (no row of zeros left). */
async function expectOrgRowsAreTheSums(world: World) {
  const orgs = sql`${`{${world.orgIds.join(',')}}`}::int[]`;
  for (const [org, micromarket, keys] of [
    ['sales_org_daily_products', 'sales_daily_products', 'product_id, category_id, currency'],
    ['sales_org_daily', 'sales_daily', 'payment_type, currency'],
  ] as const) {
    const read = async (table: string, grouped: boolean) =>
      rowsOf(
        await db.execute(sql`
          SELECT org_id, day::text AS day, ${sql.raw(keys)}, ${sql.raw(grouped ? 'sum(sales)::int' : 'sales')} AS sales,
            ${sql.raw(grouped ? 'sum(items)::int' : 'items')} AS items,
            ${sql.raw(grouped ? 'sum(revenue_minor)::int' : 'revenue_minor::int')} AS revenue
          FROM ${sql.raw(table)} WHERE org_id = ANY(${orgs})
          ${sql.raw(grouped ? `GROUP BY org_id, day, ${keys}` : '')}
          ORDER BY org_id, day, ${sql.raw(keys)}`),
      );
    const sums = await read(micromarket, true);
    expect(sums.length).toBeGreaterThan(0);
    expect(await read(org, false), org).toEqual(sums);
  }
}

describe('organisation-day rollups', () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });

  it('give the report of the sales themselves through settlements, late refunds and corrections', async () => {
    await addSales(world, 40, 7);
    await flushSaleRollups(db, world.orgIds);
    await expectReportsEqualTheSales(world);

    // More sales on the same days, refreshed into buckets that already have rows.
    await addSales(world, 30, 11);
    await flushSaleRollups(db, world.orgIds);

    // Weeks later: a refund of an old sale, a payment taken back, a line corrected to nothing,
    // a line's product deleted since (its lines keep no product) — each marks its day again.
    const [refunded, unpaid, corrected, orphaned] = world.sales.filter((_, i) => i % 9 === 0);
    await db
      .update(transactions)
      .set({ refundedMinor: sql`${transactions.paidMinor}` })
      .where(eq(transactions.id, refunded!.id));
    await db
      .update(transactions)
      .set({ paymentStatus: 2, paidMinor: 0, refundedMinor: 0 })
      .where(eq(transactions.id, unpaid!.id));
    await db
      .update(transactionProducts)
      .set({ quantity: 0 })
      .where(eq(transactionProducts.transactionId, corrected!.id));
    await db
      .update(transactionProducts)
      .set({ productId: null, categoryId: null })
      .where(eq(transactionProducts.transactionId, orphaned!.id));
    for (const sale of [refunded, unpaid, corrected, orphaned]) await markSaleRollups(db, saleBucketOf(sale!));
    await flushSaleRollups(db, world.orgIds);

    await expectReportsEqualTheSales(world);
    await expectOrgRowsAreTheSums(world);
  });

  it('stays the sum when micromarket-days of one organisation-day are refreshed at once', async () => {
    const own = await makeWorld();
    await addSales(own, 30, 23);
    // Refreshed side by side (on PostgreSQL each on a connection of its own): the organisation
    // rows they share are taken in one order, so they wait on each other and never deadlock.
    const buckets = new Map(own.sales.map((sale) => [`${sale.micromarketId}/${saleBucketOf(sale).day}`, sale]));
    await Promise.all([...buckets.values()].map((sale) => refreshSaleRollups(db, saleBucketOf(sale))));
    await Promise.all([...buckets.values()].map((sale) => refreshSaleRollups(db, saleBucketOf(sale))));
    await flushSaleRollups(db, own.orgIds);
    await expectOrgRowsAreTheSums(own);
    await expectReportsEqualTheSales(own);
  });

  it('reads a report of the whole organisation from the organisation-days, one fridge’s from its own', async () => {
    const own = await makeWorld();
    await addSales(own, 10, 31);
    await flushSaleRollups(db, own.orgIds);
    const read = async (query: Record<string, string>) => {
      statements.length = 0;
      const response = await callApi(ctx, api.report.sales, {
        token: own.token,
        query: { from: FROM, to: TO, ...query },
      });
      expect(response.statusCode, response.body).toBe(200);
      return statements.filter((statement) => /sales_(org_)?daily/.test(statement)).join('\n');
    };
    const byProduct = await read({ group_by: 'product' });
    expect(byProduct).toMatch(/FROM sales_org_daily_products r/);
    expect(byProduct).toMatch(/FROM sales_org_daily r/);
    expect(byProduct).not.toMatch(/FROM sales_daily/);
    const oneFridge = await read({ group_by: 'product', micromarket_id: String(own.fridges[0]!.id) });
    expect(oneFridge).toMatch(/FROM sales_daily_products r/);
    expect(oneFridge).not.toMatch(/sales_org_daily/);
  });
});
