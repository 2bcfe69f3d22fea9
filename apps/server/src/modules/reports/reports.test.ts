import { api, type TSalesReport } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { insertCategory, insertMicromarket, insertProduct } from '../../../test/factories/catalogue.js';
import { createTenant, type Tenant } from '../../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import type { Db } from '../../db/client.js';
import { tags, transactionProducts, transactions } from '../../db/schema/index.js';
import { flushSaleRollups, markSaleRollups, rebuildSaleRollups, refreshSaleRollups } from './index.js';

let ctx: TestContext;
let db: Db;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
});
afterAll(() => ctx.close());

type Line = { productId: number; categoryId: number; quantity: number; price: number; cost: number };
type Sale = {
  orgId: number;
  micromarketId: number;
  at: string;
  paymentType?: 1 | 2 | 4 | 23 | 24;
  paymentStatus?: 0 | 1 | 2 | 3;
  refunded?: number;
  /** The organisation's currency at the sale; UAH unless told. */
  currency?: 'UAH' | 'PLN';
  lines: Line[];
};

/** A settled sale written straight into the tables, as the sales module will write it. */
async function insertSale(sale: Sale): Promise<number> {
  const amount = sale.lines.reduce((sum, line) => sum + line.quantity * line.price, 0);
  const cost = sale.lines.reduce((sum, line) => sum + line.quantity * line.cost, 0);
  const isPaid = (sale.paymentStatus ?? 1) === 1;
  const [row] = await db
    .insert(transactions)
    .values({
      orgId: sale.orgId,
      micromarketId: sale.micromarketId,
      paymentType: sale.paymentType ?? 1,
      status: 1,
      paymentStatus: sale.paymentStatus ?? 1,
      currency: sale.currency ?? 'UAH',
      grossMinor: amount,
      amountMinor: amount,
      paidMinor: isPaid ? amount : 0,
      refundedMinor: sale.refunded ?? 0,
      costMinor: cost,
      openedAt: new Date(sale.at),
      closedAt: new Date(sale.at),
      settledAt: new Date(sale.at),
    })
    .returning({ id: transactions.id });
  await db.insert(transactionProducts).values(
    sale.lines.map((line) => ({
      transactionId: row!.id,
      productId: line.productId,
      categoryId: line.categoryId,
      name: 'line',
      source: 'tag' as const,
      quantity: line.quantity,
      listPriceMinor: line.price,
      priceMinor: line.price,
      costMinor: line.cost,
    })),
  );
  return row!.id;
}

type Shop = {
  tenant: Tenant;
  token: string;
  fridgeA: number;
  fridgeB: number;
  fridgeKrakow: number;
  drinks: number;
  snacks: number;
  cola: number;
  chips: number;
};

/**
 * A tenant with sales on 2026-03-01 and 2026-03-02:
 * 03-01 fridge A: cola 2×1000 (cost 400), tags, paid → revenue 2000, cost 800
 * 03-01 fridge A: chips 1×500 (cost 200), web, paid, refunded 500 → revenue 500, refunds 500, cost 200
 * 03-01 fridge A: cola 1×1000, unpaid → not counted
 * 03-02 fridge B: cola 1×1000 + chips 3×500, weights, paid → revenue 2500, cost 1000
 * 03-02 Krakow fridge: chips 2×500, tags, paid, in PLN (Krakow's currency) → revenue 1000, cost 400
 */
async function seedShop(): Promise<Shop> {
  const tenant = await createTenant(db);
  const { main, krakow } = tenant.org;
  const fridgeA = await insertMicromarket(db, main, 'Fridge A');
  const fridgeB = await insertMicromarket(db, main, 'Fridge B');
  const fridgeKrakow = await insertMicromarket(db, krakow, 'Fridge K');
  const drinks = await insertCategory(db, main, { name: 'Drinks' });
  const snacks = await insertCategory(db, main, { name: 'Snacks' });
  const cola = await insertProduct(db, main, { name: 'Cola', baseCostMinor: 400 });
  const chips = await insertProduct(db, main, { name: 'Chips', baseCostMinor: 200 });
  const colaLine = (quantity: number) => ({ productId: cola, categoryId: drinks, quantity, price: 1000, cost: 400 });
  const chipsLine = (quantity: number) => ({ productId: chips, categoryId: snacks, quantity, price: 500, cost: 200 });
  await insertSale({ orgId: main, micromarketId: fridgeA, at: '2026-03-01T08:00:00Z', lines: [colaLine(2)] });
  await insertSale({
    orgId: main,
    micromarketId: fridgeA,
    at: '2026-03-01T23:59:00Z',
    paymentType: 23,
    refunded: 500,
    lines: [chipsLine(1)],
  });
  await insertSale({
    orgId: main,
    micromarketId: fridgeA,
    at: '2026-03-01T10:00:00Z',
    paymentStatus: 2,
    lines: [colaLine(1)],
  });
  await insertSale({
    orgId: main,
    micromarketId: fridgeB,
    at: '2026-03-02T00:00:00Z',
    paymentType: 2,
    lines: [colaLine(1), chipsLine(3)],
  });
  await insertSale({
    orgId: krakow,
    micromarketId: fridgeKrakow,
    at: '2026-03-02T12:00:00Z',
    currency: 'PLN',
    lines: [chipsLine(2)],
  });
  await refreshSaleRollups(db, { orgId: main, micromarketId: fridgeA, day: '2026-03-01' });
  await refreshSaleRollups(db, { orgId: main, micromarketId: fridgeB, day: '2026-03-02' });
  await refreshSaleRollups(db, { orgId: krakow, micromarketId: fridgeKrakow, day: '2026-03-02' });
  return { tenant, token: await tenant.token('operator'), fridgeA, fridgeB, fridgeKrakow, drinks, snacks, cola, chips };
}

async function report(token: string, query: Record<string, string>): Promise<TSalesReport> {
  const response = await callApi(ctx, api.report.sales, {
    token,
    query: { from: '2026-03-01', to: '2026-03-02', ...query },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Main's UAH sales and Krakow's PLN sale: never one sum (the operator's own currency first). */
const TOTALS = [
  { currency: 'UAH', sales: 3, items: 7, revenue: 5000, refunds: 500, cost: 2000, margin: 2500 },
  { currency: 'PLN', sales: 1, items: 2, revenue: 1000, refunds: 0, cost: 400, margin: 600 },
];

describe('sales report', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await seedShop();
  });

  it('groups by day, with refunds and margin', async () => {
    const body = await report(shop.token, { group_by: 'day' });
    expect(body.rows).toEqual([
      {
        key: '2026-03-01',
        label: '2026-03-01',
        currency: 'UAH',
        sales: 2,
        items: 3,
        revenue: 2500,
        refunds: 500,
        cost: 1000,
        margin: 1000,
      },
      {
        key: '2026-03-02',
        label: '2026-03-02',
        currency: 'UAH',
        sales: 1,
        items: 4,
        revenue: 2500,
        refunds: 0,
        cost: 1000,
        margin: 1500,
      },
      {
        key: '2026-03-02',
        label: '2026-03-02',
        currency: 'PLN',
        sales: 1,
        items: 2,
        revenue: 1000,
        refunds: 0,
        cost: 400,
        margin: 600,
      },
    ]);
    expect(body.totals).toEqual(TOTALS);
  });

  it('groups by micromarket and organisation', async () => {
    const byFridge = await report(shop.token, { group_by: 'micromarket' });
    expect(byFridge.rows.map((row) => [row.label, row.revenue, row.margin])).toEqual([
      ['Fridge A', 2500, 1000],
      ['Fridge B', 2500, 1500],
      ['Fridge K', 1000, 600],
    ]);
    const byOrg = await report(shop.token, { group_by: 'organization' });
    expect(byOrg.rows.map((row) => [Number(row.key), row.sales, row.revenue])).toEqual([
      [shop.tenant.org.main, 3, 5000],
      [shop.tenant.org.krakow, 1, 1000],
    ]);
  });

  it('groups by payment type', async () => {
    const body = await report(shop.token, { group_by: 'payment_type' });
    expect(body.rows.map((row) => [row.currency, row.key, row.sales, row.revenue, row.refunds])).toEqual([
      ['UAH', '1', 1, 2000, 0],
      ['UAH', '2', 1, 2500, 0],
      ['UAH', '23', 1, 500, 500],
      ['PLN', '1', 1, 1000, 0],
    ]);
  });

  it('groups by product and category from the product lines', async () => {
    const byProduct = await report(shop.token, { group_by: 'product' });
    const chips = byProduct.rows.filter((row) => row.label === 'Chips');
    const cola = byProduct.rows.filter((row) => row.label === 'Cola');
    expect(cola).toMatchObject([{ currency: 'UAH', sales: 2, items: 3, revenue: 3000, cost: 1200, margin: 1800 }]);
    // Chips sold in both currencies: a row for each, never one sum.
    expect(chips).toMatchObject([
      { currency: 'UAH', sales: 2, items: 4, revenue: 2000, cost: 800, margin: 1200 },
      { currency: 'PLN', sales: 1, items: 2, revenue: 1000, cost: 400, margin: 600 },
    ]);
    const byCategory = await report(shop.token, { group_by: 'category', sort: 'label' });
    expect(byCategory.rows.map((row) => [row.currency, row.label, row.items, row.revenue])).toEqual([
      ['UAH', 'Drinks', 3, 3000],
      ['UAH', 'Snacks', 4, 2000],
      ['PLN', 'Snacks', 2, 1000],
    ]);
    expect(byCategory.totals).toEqual(TOTALS);
  });

  it('sorts within each currency by any column and keeps the top N of each', async () => {
    const byMargin = await report(shop.token, { group_by: 'micromarket', sort: '-margin' });
    expect(byMargin.rows.map((row) => [row.currency, row.label, row.margin])).toEqual([
      ['UAH', 'Fridge B', 1500],
      ['UAH', 'Fridge A', 1000],
      ['PLN', 'Fridge K', 600],
    ]);
    const ascending = await report(shop.token, { group_by: 'micromarket', sort: 'margin' });
    expect(ascending.rows.map((row) => row.label)).toEqual(['Fridge A', 'Fridge B', 'Fridge K']);
    const byName = await report(shop.token, { group_by: 'micromarket', sort: '-label' });
    expect(byName.rows.map((row) => row.label)).toEqual(['Fridge B', 'Fridge A', 'Fridge K']);
    // The best product of each currency by items; the totals stay the whole period's.
    const top = await report(shop.token, { group_by: 'product', sort: '-items', top: '1' });
    expect(top.rows.map((row) => [row.currency, row.label, row.items])).toEqual([
      ['UAH', 'Chips', 4],
      ['PLN', 'Chips', 2],
    ]);
    expect(top.totals).toEqual(TOTALS);
    const topDays = await report(shop.token, { group_by: 'day', sort: '-revenue', top: '1' });
    expect(topDays.rows.map((row) => [row.currency, row.key])).toEqual([
      ['UAH', '2026-03-01'],
      ['PLN', '2026-03-02'],
    ]);
  });

  it('refuses an unknown sort and a top outside 1–1000, in the caller’s language', async () => {
    for (const query of [{ sort: 'price' }, { top: '0' }, { top: '1001' }] as Record<string, string>[]) {
      const ask = (lang: string) =>
        callApi(ctx, api.report.sales, {
          token: shop.token,
          lang,
          query: { from: '2026-03-01', to: '2026-03-02', ...query },
        });
      const [english, polish] = [await ask('en'), await ask('pl')];
      expect([english.statusCode, polish.statusCode], JSON.stringify(query)).toEqual([400, 400]);
      const message = (response: typeof english) => response.error().message;
      expect(message(polish)).toMatch(query.sort ? /^sort: / : /^top: /);
      expect(message(polish)).not.toBe(message(english));
    }
  });

  it('filters by organisation and micromarket', async () => {
    const krakow = await report(shop.token, { org_id: String(shop.tenant.org.krakow) });
    expect(krakow.totals).toMatchObject([{ currency: 'PLN', sales: 1, revenue: 1000 }]);
    const fridgeB = await report(shop.token, { micromarket_id: String(shop.fridgeB), group_by: 'micromarket' });
    expect(fridgeB.rows).toHaveLength(1);
    expect(fridgeB.totals).toMatchObject([{ currency: 'UAH', sales: 1, items: 4, revenue: 2500 }]);
  });

  it('refresh and rebuild are idempotent', async () => {
    const { main } = shop.tenant.org;
    await refreshSaleRollups(db, { orgId: main, micromarketId: shop.fridgeA, day: '2026-03-01' });
    await refreshSaleRollups(db, { orgId: main, micromarketId: shop.fridgeA, day: '2026-03-01' });
    await rebuildSaleRollups(db, { from: '2026-03-01', to: '2026-03-02' });
    expect((await report(shop.token, {})).totals).toEqual(TOTALS);
  });

  it('reads the rollups, so a sale counts once its bucket is refreshed', async () => {
    // A shop of its own: this test adds a sale.
    const own = await seedShop();
    const { main } = own.tenant.org;
    const fridge = await insertMicromarket(db, main, 'Fridge late');
    await insertSale({
      orgId: main,
      micromarketId: fridge,
      at: '2026-03-01T09:00:00Z',
      lines: [{ productId: own.cola, categoryId: own.drinks, quantity: 1, price: 700, cost: 300 }],
    });
    const filter = { micromarket_id: String(fridge) };
    expect((await report(own.token, filter)).totals).toEqual([]);
    await refreshSaleRollups(db, { orgId: main, micromarketId: fridge, day: '2026-03-01' });
    expect((await report(own.token, filter)).totals).toMatchObject([{ sales: 1, revenue: 700, margin: 400 }]);
  });

  it('recomputes the buckets a sale marked once, before a report reads them', async () => {
    const own = await seedShop();
    const other = await seedShop();
    const { main } = own.tenant.org;
    const fridge = await insertMicromarket(db, main, 'Fridge marked');
    const otherFridge = await insertMicromarket(db, other.tenant.org.main, 'Fridge elsewhere');
    const line = { productId: own.cola, categoryId: own.drinks, quantity: 1, price: 700, cost: 300 };
    for (const at of ['2026-03-01T09:00:00Z', '2026-03-01T10:00:00Z']) {
      await insertSale({ orgId: main, micromarketId: fridge, at, lines: [line] });
      // What a settlement does: the bucket is marked, not recomputed.
      await markSaleRollups(db, { orgId: main, micromarketId: fridge, day: '2026-03-01' });
    }
    await markSaleRollups(db, { orgId: other.tenant.org.main, micromarketId: otherFridge, day: '2026-03-01' });
    const filter = { micromarket_id: String(fridge) };
    // The report flushes its organisations' marks first, so it is never behind the sales.
    expect((await report(own.token, filter)).totals).toMatchObject([{ currency: 'UAH', sales: 2, revenue: 1400 }]);
    // One mark for the two sales, gone now; the other organisation's mark is left to its reader or the job.
    expect(await flushSaleRollups(db, [main])).toBe(0);
    expect(await flushSaleRollups(db, [other.tenant.org.main])).toBe(1);
    expect(await flushSaleRollups(db, [other.tenant.org.main])).toBe(0);
  });

  it('exports CSV and XLSX', async () => {
    const csv = await callApi(ctx, api.report.salesExport, {
      token: shop.token,
      query: { from: '2026-03-01', to: '2026-03-02', group_by: 'micromarket', format: 'csv' },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('Group,Currency,Sales,Items,Revenue,Refunds,Cost,Margin');
    expect(lines).toContain('Fridge A,UAH,2,3,25,5,10,10');
    expect(lines).toContain('Fridge K,PLN,1,2,10,0,4,6');
    // A totals line per currency, never one across them.
    expect(lines.slice(-2)).toEqual(['Total,UAH,3,7,50,5,20,25', 'Total,PLN,1,2,10,0,4,6']);
    const xlsx = await callApi(ctx, api.report.salesExport, {
      token: shop.token,
      query: { from: '2026-03-01', to: '2026-03-02', format: 'xlsx' },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('report access', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await seedShop();
  });

  it('answers 401 without a session and 403 without show_report_page', async () => {
    const query = { from: '2026-03-01', to: '2026-03-02' };
    expect((await callApi(ctx, api.report.sales, { query })).statusCode).toBe(401);
    const courier = await shop.tenant.token('courier');
    expect((await callApi(ctx, api.report.sales, { token: courier, query })).statusCode).toBe(403);
  });

  it('never counts another organisation’s sales', async () => {
    const other = await seedShop();
    // Krakow's own operator sees Krakow only; neither sees the other tenant.
    const editor = await shop.tenant.token('editor');
    expect((await report(editor, {})).totals).toMatchObject([{ currency: 'PLN', sales: 1, revenue: 1000 }]);
    expect((await report(shop.token, {})).totals).toEqual(TOTALS);
    expect((await report(other.token, {})).totals).toEqual(TOTALS);
    const foreign = await callApi(ctx, api.report.sales, {
      token: shop.token,
      query: { from: '2026-03-01', to: '2026-03-02', org_id: String(other.tenant.org.main) },
    });
    expect([403, 404]).toContain(foreign.statusCode);
  });

  it('rejects a period that ends before it starts', async () => {
    const response = await callApi(ctx, api.report.sales, {
      token: shop.token,
      query: { from: '2026-03-02', to: '2026-03-01' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('write-offs report', () => {
  it('counts written-off tags per day, micromarket and product at base cost', async () => {
    const shop = await seedShop();
    const { main } = shop.tenant.org;
    const tag = (code: string, productId: number, at: string) => ({
      orgId: main,
      productId,
      micromarketId: shop.fridgeA,
      code,
      status: 'written_off' as const,
      storeUpTo: new Date(at),
      writtenOffAt: new Date(at),
    });
    await db
      .insert(tags)
      .values([
        tag(`W1-${shop.cola}`, shop.cola, '2026-03-01T10:00:00Z'),
        tag(`W2-${shop.cola}`, shop.cola, '2026-03-01T11:00:00Z'),
        tag(`W3-${shop.chips}`, shop.chips, '2026-03-02T10:00:00Z'),
        tag(`W4-${shop.chips}`, shop.chips, '2026-03-05T10:00:00Z'),
      ]);
    const response = await callApi(ctx, api.report.writeOffs, {
      token: shop.token,
      query: { from: '2026-03-01', to: '2026-03-02' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.rows.map((row) => [row.day, row.product, row.items, row.cost, row.currency])).toEqual([
      ['2026-03-01', 'Cola', 2, 800, 'UAH'],
      ['2026-03-02', 'Chips', 1, 200, 'UAH'],
    ]);
    expect(body.totals).toEqual([{ currency: 'UAH', items: 3, cost: 1000 }]);
  });
});

describe('dashboard sales', () => {
  it('sums cash received and items sold for today, 7 and 30 days', async () => {
    const shop = await seedShop();
    const { main } = shop.tenant.org;
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const line = { productId: shop.cola, categoryId: shop.drinks, price: 1000, cost: 400 };
    const sales = [
      { at: daysAgo(0), quantity: 1 },
      { at: daysAgo(3), quantity: 2 },
      { at: daysAgo(20), quantity: 4 },
      { at: daysAgo(45), quantity: 8 },
    ];
    for (const sale of sales) {
      await insertSale({
        orgId: main,
        micromarketId: shop.fridgeB,
        at: sale.at,
        lines: [{ ...line, quantity: sale.quantity }],
      });
      await refreshSaleRollups(db, { orgId: main, micromarketId: shop.fridgeB, day: sale.at.slice(0, 10) });
    }
    const response = await callApi(ctx, api.report.dashboardSales, { token: shop.token });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    // Main sells in UAH and sees Krakow, which sells in PLN: a block per currency, UAH (its own) first.
    expect(body.currencies.map((block) => block.currency)).toEqual(['UAH', 'PLN']);
    const uah = body.currencies[0]!;
    expect(uah.today).toEqual({ revenue: 1000, items: 1 });
    expect(uah.week).toEqual({ revenue: 3000, items: 3 });
    expect(uah.month).toEqual({ revenue: 7000, items: 7 });
    expect(uah.days).toHaveLength(30);
    expect(body.currencies[1]).toMatchObject({ currency: 'PLN', month: { revenue: 0, items: 0 } });
  });
});
