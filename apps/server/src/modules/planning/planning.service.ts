import {
  PLANNING_DEFAULT_VISIT_HOURS,
  PLANNING_DEFAULT_WINDOW,
  type TPickLine,
  type TPlan,
  type TPlanMicromarket,
  type TRoutePick,
  type ZExportPlanQuery,
  type ZPlanFilters,
  type ZPlanQuery,
} from '@vitrina/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { type ExportColumn, exportTable, type FileAnswer } from '../../lib/table-export.js';
import { routeCouriersOf } from '../device-groups/index.js';
import { expectedByProduct, readLayout } from '../planograms/index.js';
import { flushSaleRollups } from '../reports/index.js';
import { byNeed, isWorthPlanning, planLine } from './plan.js';
import * as repo from './planning.repository.js';

type Filters = z.output<typeof ZPlanFilters>;
const DAY_MS = 86_400_000;
const key = (micromarketId: number, productId: number) => `${micromarketId}:${productId}`;

/**
 * The whole plan of the filter: every micromarket with its lines, in name order. Six
 * grouped queries over indexes (layouts, tags, the daily sales rollups, wishes, names)
 * whatever the number of micromarkets; the lines are put together here.
 */
export async function computePlan(
  db: Db,
  scope: repo.PlanScope,
  options: { now: Date; windowDays: number; visitHours: number },
) {
  const markets = await repo.scopedMicromarkets(db, scope);
  const ids = markets.map((market) => market.id);
  if (ids.length === 0)
    return { markets: [] as TPlanMicromarket[], routes: [] as Awaited<ReturnType<typeof repo.routesOf>> };
  const { now, windowDays, visitHours } = options;
  const since = new Date(now.getTime() - windowDays * DAY_MS);
  await flushSaleRollups(db, [...new Set(markets.map((market) => market.orgId))]);
  const [layouts, stock, sales, wishes, routes] = await Promise.all([
    repo.activeLayouts(db, ids),
    repo.stockOf(db, ids, new Date(now.getTime() + visitHours * 3_600_000)),
    repo.salesOf(db, ids, since.toISOString().slice(0, 10)),
    repo.wishesOf(db, ids, since),
    repo.routesOf(db, ids),
  ]);
  const inputs = new Map<
    string,
    {
      micromarketId: number;
      productId: number;
      par: number;
      stock: number;
      expiring: number;
      sold: number;
      wishes: number;
    }
  >();
  const at = (micromarketId: number, productId: number) => {
    const k = key(micromarketId, productId);
    let input = inputs.get(k);
    if (!input) {
      input = { micromarketId, productId, par: 0, stock: 0, expiring: 0, sold: 0, wishes: 0 };
      inputs.set(k, input);
    }
    return input;
  };
  const planned = new Set<number>();
  for (const row of layouts) {
    planned.add(row.micromarketId);
    for (const [productId, par] of expectedByProduct(readLayout(row.layout)))
      at(row.micromarketId, productId).par = par;
  }
  for (const row of stock)
    Object.assign(at(row.micromarketId, row.productId), { stock: row.stock, expiring: row.expiring });
  for (const row of sales) at(row.micromarketId, row.productId).sold = row.sold;
  for (const row of wishes) at(row.micromarketId, row.productId).wishes = row.wishes;
  const names = await repo.productNames(db, [...new Set([...inputs.values()].map((input) => input.productId))]);

  const linesOf = new Map<number, TPlanMicromarket['lines']>();
  for (const input of inputs.values()) {
    const line = planLine(
      { id: input.productId, name: names.get(input.productId) ?? `#${input.productId}` },
      input,
      windowDays,
    );
    if (!isWorthPlanning(line)) continue;
    const list = linesOf.get(input.micromarketId) ?? [];
    list.push(line);
    linesOf.set(input.micromarketId, list);
  }
  const plan = markets.map((market): TPlanMicromarket => {
    const lines = (linesOf.get(market.id) ?? []).sort(byNeed);
    return {
      micromarket_id: market.id,
      org_id: market.orgId,
      name: market.name,
      address: market.address,
      has_planogram: planned.has(market.id),
      bring: lines.reduce((sum, line) => sum + line.bring, 0),
      take_out: lines.reduce((sum, line) => sum + line.expiring, 0),
      lines,
    };
  });
  return { markets: plan, routes };
}

/** Totals per product of these micromarkets, with what the storage holds. */
function pickOf(markets: TPlanMicromarket[], storage: Map<number, number>): TPickLine[] {
  const totals = new Map<number, TPickLine>();
  for (const market of markets) {
    for (const line of market.lines) {
      if (line.bring === 0) continue;
      const pick = totals.get(line.product_id) ?? {
        product_id: line.product_id,
        product_name: line.product_name,
        bring: 0,
        in_storage: storage.get(line.product_id) ?? 0,
      };
      pick.bring += line.bring;
      totals.set(line.product_id, pick);
    }
  }
  return [...totals.values()].sort((a, b) => b.bring - a.bring || a.product_name.localeCompare(b.product_name));
}

function scopeOf(actor: UserActor, filters: Filters): repo.PlanScope {
  if (filters.org_id !== undefined) actor.scope.assertVisible(filters.org_id);
  return {
    visibleIds: actor.scope.visibleIds,
    orgId: filters.org_id,
    micromarketId: filters.micromarket_id,
    groupId: filters.group_id,
  };
}

const optionsOf = (ctx: ServiceContext, filters: Filters) => ({
  now: ctx.clock.now(),
  windowDays: filters.window_days ?? PLANNING_DEFAULT_WINDOW,
  visitHours: filters.visit_hours ?? PLANNING_DEFAULT_VISIT_HOURS,
});

/** The plan of the filter with its pick lists (every micromarket, not a page). */
export async function planWithPicks(ctx: ServiceContext, actor: UserActor, filters: Filters) {
  const { markets, routes } = await computePlan(ctx.db, scopeOf(actor, filters), optionsOf(ctx, filters));
  const productIds = [...new Set(markets.flatMap((market) => market.lines.map((line) => line.product_id)))];
  const storage = new Map((await repo.storageOf(ctx.db, productIds)).map((row) => [row.productId, row.count]));
  const byId = new Map(markets.map((market) => [market.micromarket_id, market]));
  const groups = new Map<number, { name: string; markets: TPlanMicromarket[] }>();
  const grouped = new Set<number>();
  for (const route of routes) {
    const group = groups.get(route.groupId) ?? { name: route.groupName, markets: [] };
    group.markets.push(byId.get(route.micromarketId)!);
    groups.set(route.groupId, group);
    grouped.add(route.micromarketId);
  }
  const ungrouped = markets.filter((market) => !grouped.has(market.micromarket_id));
  const couriers = groups.size === 0 ? [] : await routeCouriersOf(ctx.db, [...groups.keys()]);
  const routeMarkets: { route: TRoutePick; markets: TPlanMicromarket[] }[] = [...groups.entries()].map(
    ([groupId, group]) => ({
      route: {
        group_id: groupId,
        group_name: group.name,
        couriers: couriers.filter((courier) => courier.groupId === groupId).map((courier) => courier.name),
        micromarkets: group.markets.length,
        lines: pickOf(group.markets, storage),
      },
      markets: group.markets,
    }),
  );
  if (ungrouped.length > 0 && routeMarkets.length > 0) {
    routeMarkets.push({
      route: {
        group_id: null,
        group_name: null,
        couriers: [],
        micromarkets: ungrouped.length,
        lines: pickOf(ungrouped, storage),
      },
      markets: ungrouped,
    });
  }
  return {
    markets,
    pick: pickOf(markets, storage),
    routes: routeMarkets.map((item) => item.route),
    /** Each route's pick with its micromarkets (the pick sheets); no routes: every micromarket, as one. */
    routeMarkets,
  };
}

export async function getPlan(
  ctx: ServiceContext,
  actor: UserActor,
  query: z.output<typeof ZPlanQuery>,
): Promise<TPlan> {
  const { markets, pick, routes } = await planWithPicks(ctx, actor, query);
  const start = (query.page - 1) * query.per_page;
  return { items: markets.slice(start, start + query.per_page), total: markets.length, pick, routes };
}

type ExportRow = { market: TPlanMicromarket; line: TPlanMicromarket['lines'][number] };
const EXPORT_COLUMNS: readonly ExportColumn<ExportRow>[] = [
  { header: 'micromarket_id', value: (row) => row.market.micromarket_id, width: 10 },
  { header: 'micromarket', value: (row) => row.market.name, width: 28 },
  { header: 'address', value: (row) => row.market.address, width: 28 },
  { header: 'product_id', value: (row) => row.line.product_id, width: 10 },
  { header: 'product', value: (row) => row.line.product_name, width: 28 },
  { header: 'par', value: (row) => row.line.par, width: 8 },
  { header: 'stock', value: (row) => row.line.stock, width: 8 },
  { header: 'take_out', value: (row) => row.line.expiring, width: 8 },
  { header: 'bring', value: (row) => row.line.bring, width: 8 },
  { header: 'sold', value: (row) => row.line.sold, width: 8 },
  { header: 'daily_rate', value: (row) => row.line.daily_rate, width: 8 },
  { header: 'wishes', value: (row) => row.line.wishes, width: 8 },
];

/** The plan as a table: one row per micromarket and product with something to bring or take out. */
export async function exportPlan(
  ctx: ServiceContext,
  actor: UserActor,
  query: z.output<typeof ZExportPlanQuery>,
): Promise<FileAnswer> {
  const { markets } = await computePlan(ctx.db, scopeOf(actor, query), optionsOf(ctx, query));
  const rows = markets.flatMap((market) =>
    market.lines.filter((line) => line.bring > 0 || line.expiring > 0).map((line) => ({ market, line })),
  );
  const date = ctx.clock.now().toISOString().slice(0, 10);
  return exportTable({ name: `restock-plan-${date}`, format: query.format, columns: EXPORT_COLUMNS, rows });
}
