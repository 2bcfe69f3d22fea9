import { api, type TDashboardSales } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { insertMicromarket, insertProduct } from '../../../test/factories/catalogue.js';
import { insertPaidSale, type PaidLine } from '../../../test/factories/paid-sales.js';
import { createTenant, type Tenant } from '../../../test/factories/tenant.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { TestClock } from '../../lib/clock.js';
import { markSaleRollups, saleDay } from '../reports/index.js';

// A Wednesday afternoon: the same weekday a week ago is 2026-03-04, up to 15:00.
const NOW = Date.parse('2026-03-11T15:00:00Z');
const clock = new TestClock(NOW);
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(() => ctx.close());

type Fleet = { tenant: Tenant; a: number; b: number; idle: number; krakow: number };

async function sell(
  orgId: number,
  micromarketId: number,
  at: string,
  currency: 'UAH' | 'PLN',
  lines: PaidLine[],
  extra = {},
) {
  const db = ctx.database.db;
  await insertPaidSale(db, { orgId, micromarketId, at: new Date(at), currency, lines, ...extra });
  // What the settlement does: the day is marked, and the dashboard's read brings it up to date.
  await markSaleRollups(db, { orgId, micromarketId, day: saleDay(new Date(at)) });
}

/**
 * Main (UAH) has fridges A and B that sell and C that sells nothing; Krakow (PLN, seen by main)
 * sells at K. Today A sold 2 colas (500 refunded) and B one chips; a week ago A sold one cola
 * before 15:00 and three after; on Monday B sold five chips; Krakow sold two pierogi today and
 * one a week ago before 15:00.
 */
async function seedFleet(): Promise<Fleet> {
  const db = ctx.database.db;
  const tenant = await createTenant(db);
  const { main, krakow } = tenant.org;
  const a = await insertMicromarket(db, main, 'Fridge A');
  const b = await insertMicromarket(db, main, 'Fridge B');
  const idle = await insertMicromarket(db, main, 'Fridge C');
  const k = await insertMicromarket(db, krakow, 'Fridge K');
  const cola = await insertProduct(db, main, { name: 'Cola' });
  const chips = await insertProduct(db, main, { name: 'Chips' });
  const pierogi = await insertProduct(db, krakow, { name: 'Pierogi' });
  const colas = (quantity: number): PaidLine[] => [{ productId: cola, quantity, price: 1000 }];
  const chipsOf = (quantity: number): PaidLine[] => [{ productId: chips, quantity, price: 500 }];
  await sell(main, a, '2026-03-11T10:00:00Z', 'UAH', colas(2), { refunded: 500 });
  await sell(main, b, '2026-03-11T14:59:00Z', 'UAH', chipsOf(1));
  await sell(main, a, '2026-03-11T11:00:00Z', 'UAH', colas(9), { isPaid: false });
  await sell(main, a, '2026-03-04T09:00:00Z', 'UAH', colas(1));
  await sell(main, a, '2026-03-04T16:00:00Z', 'UAH', colas(3));
  await sell(main, b, '2026-03-09T08:00:00Z', 'UAH', chipsOf(5));
  await sell(krakow, k, '2026-03-11T12:00:00Z', 'PLN', [{ productId: pierogi, quantity: 2, price: 800 }]);
  await sell(krakow, k, '2026-03-04T11:00:00Z', 'PLN', [{ productId: pierogi, quantity: 1, price: 800 }]);
  return { tenant, a, b, idle, krakow: k };
}

async function dashboard(token: string): Promise<TDashboardSales> {
  const response = await callApi(ctx, api.report.dashboardSales, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('dashboard trends', () => {
  let fleet: Fleet;
  beforeAll(async () => {
    fleet = await seedFleet();
    // Another tenant's sales today never reach this one's dashboard.
    await seedFleet();
  });

  it('keeps each currency apart, the reader’s own first', async () => {
    const body = await dashboard(await fleet.tenant.token('operator'));
    expect(body.currencies.map((block) => [block.currency, block.today])).toEqual([
      ['UAH', { revenue: 2000, items: 3 }],
      ['PLN', { revenue: 1600, items: 2 }],
    ]);
    // Krakow's own operator sees Krakow only: PLN alone.
    const krakow = await dashboard(await fleet.tenant.token('editor'));
    expect(krakow.currencies.map((block) => [block.currency, block.today.revenue])).toEqual([['PLN', 1600]]);
  });

  it('compares today with the same weekday last week up to the same time, and the week with the one before', async () => {
    const [uah, pln] = (await dashboard(await fleet.tenant.token('operator'))).currencies;
    expect(uah).toMatchObject({
      same_time_last_week: { revenue: 1000, items: 1 },
      last_week_day: { revenue: 4000, items: 4 },
      week: { revenue: 4500, items: 8 },
      previous_week: { revenue: 4000, items: 4 },
      month: { revenue: 8500, items: 12 },
    });
    expect(pln).toMatchObject({ same_time_last_week: { revenue: 800, items: 1 }, last_week_day: { revenue: 800 } });
    expect(uah?.days.at(-1)).toEqual({ day: '2026-03-11', revenue: 2000, items: 3 });
    expect(uah?.days.at(-8)).toEqual({ day: '2026-03-04', revenue: 4000, items: 4 });
  });

  it('names the top products and the best and worst micromarkets of the week, per currency', async () => {
    const [uah, pln] = (await dashboard(await fleet.tenant.token('operator'))).currencies;
    expect(uah?.top_products.map((row) => [row.name, row.items, row.revenue])).toEqual([
      ['Chips', 6, 3000],
      ['Cola', 2, 2000],
    ]);
    expect(uah?.best_micromarkets.map((row) => [row.micromarket_id, row.revenue, row.previous_revenue])).toEqual([
      [fleet.b, 3000, 0],
      [fleet.a, 1500, 4000],
    ]);
    // The fridge that sold nothing is the worst; the best are not listed again.
    expect(uah?.worst_micromarkets.map((row) => [row.micromarket_id, row.name, row.revenue])).toEqual([
      [fleet.idle, 'Fridge C', 0],
    ]);
    expect(pln?.top_products.map((row) => row.name)).toEqual(['Pierogi']);
    expect(pln?.best_micromarkets.map((row) => [row.micromarket_id, row.revenue, row.previous_revenue])).toEqual([
      [fleet.krakow, 1600, 800],
    ]);
  });

  it('answers 401 without a session and 403 without show_dashboard_page', async () => {
    expect((await callApi(ctx, api.report.dashboardSales)).statusCode).toBe(401);
    const nobody = await createSignedInUser(ctx.database.db, { orgId: fleet.tenant.org.main, permissions: [] });
    expect((await callApi(ctx, api.report.dashboardSales, { token: nobody.token })).statusCode).toBe(403);
  });
});
