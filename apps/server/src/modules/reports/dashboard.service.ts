import { DASHBOARD_TOP, type TDashboardCurrency, type TDashboardSales } from '@vitrina/contract';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import * as dashboard from './dashboard.repository.js';
import { currencyOrder } from './report-rows.js';
import * as repo from './reports.repository.js';
import { daysBetween, flushSaleRollups, saleDay } from './rollups.js';

const DAY_MS = 86_400_000;
const dayBefore = (day: string, days: number) => saleDay(new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS));

type Figures = { revenue: number; items: number };
const ZERO: Figures = { revenue: 0, items: 0 };
const add = (a: Figures, b: Figures): Figures => ({ revenue: a.revenue + b.revenue, items: a.items + b.items });

/** Best: the most cash received, none that sold nothing. Worst: the least, the best left out. */
function bestAndWorst(rows: dashboard.MicromarketFigures[]) {
  const toRow = (row: dashboard.MicromarketFigures) => ({
    micromarket_id: row.micromarketId,
    name: row.name,
    revenue: row.revenue,
    previous_revenue: row.previousRevenue,
    items: row.items,
  });
  const best = rows
    .filter((row) => row.revenue > 0)
    .sort((a, b) => b.revenue - a.revenue || a.micromarketId - b.micromarketId)
    .slice(0, DASHBOARD_TOP);
  const isBest = new Set(best.map((row) => row.micromarketId));
  const worst = rows
    .filter((row) => !isBest.has(row.micromarketId))
    .sort((a, b) => a.revenue - b.revenue || a.previousRevenue - b.previousRevenue || a.micromarketId - b.micromarketId)
    .slice(0, DASHBOARD_TOP);
  return { best_micromarkets: best.map(toRow), worst_micromarkets: worst.map(toRow) };
}

/**
 * The dashboard's sales per currency, net of refunds, on UTC days: today, 7 and 30 days, each
 * day, and the trends an operator opens the panel for (today against the same weekday last
 * week up to this time, this week against the last, the best products, the best and worst
 * micromarkets). Amounts of different currencies are never added together.
 */
export async function dashboardSales(ctx: ServiceContext, actor: UserActor): Promise<TDashboardSales> {
  const now = ctx.clock.now();
  const today = saleDay(now);
  const orgIds = actor.scope.visibleIds;
  const monthFrom = dayBefore(today, 29);
  const weekFrom = dayBefore(today, 6);
  const previousWeek = { from: dayBefore(today, 13), to: dayBefore(today, 7) };
  const lastWeekDay = dayBefore(today, 7);
  await flushSaleRollups(ctx.db, orgIds ?? undefined);
  const [perDay, currencies, products, micromarkets, sameTime] = await Promise.all([
    repo.salesPerDay(ctx.db, { from: monthFrom, to: today, orgIds }),
    dashboard.currenciesOf(ctx.db, orgIds),
    dashboard.topProducts(ctx.db, { from: weekFrom, to: today, orgIds }, DASHBOARD_TOP),
    dashboard.micromarketFigures(ctx.db, orgIds, { from: weekFrom, to: today }, previousWeek),
    dashboard.salesBetween(
      ctx.db,
      orgIds,
      new Date(Date.parse(`${lastWeekDay}T00:00:00Z`)),
      new Date(now.getTime() - 7 * DAY_MS),
    ),
  ]);
  const all = new Set([...currencies, ...perDay.map((row) => row.currency)]);
  const blocks = [...all].sort(currencyOrder(actor.currency)).map((currency): TDashboardCurrency => {
    const byDay = new Map(perDay.filter((row) => row.currency === currency).map((row) => [row.day, row]));
    const days = daysBetween(monthFrom, today).map((day) => {
      const row = byDay.get(day);
      return { day, revenue: row?.revenue ?? 0, items: row?.items ?? 0 };
    });
    const sum = (from: string, to: string) =>
      days.filter((row) => row.day >= from && row.day <= to).reduce<Figures>((acc, row) => add(acc, row), ZERO);
    const sameTimeRow = sameTime.find((row) => row.currency === currency);
    return {
      currency,
      today: sum(today, today),
      same_time_last_week: sameTimeRow ? { revenue: sameTimeRow.revenue, items: sameTimeRow.items } : ZERO,
      last_week_day: sum(lastWeekDay, lastWeekDay),
      week: sum(weekFrom, today),
      previous_week: sum(previousWeek.from, previousWeek.to),
      month: sum(monthFrom, today),
      days,
      top_products: products
        .filter((row) => row.currency === currency)
        .map((row) => ({ product_id: row.productId, name: row.name, items: row.items, revenue: row.revenue })),
      ...bestAndWorst(micromarkets.filter((row) => row.currency === currency)),
    };
  });
  return { currencies: blocks };
}
