import {
  PLANNING_DEFAULT_VISIT_HOURS,
  PLANNING_DEFAULT_WINDOW,
  type TPickSheet,
  type TPickSheetStop,
  type TPlanMicromarket,
  type ZPlanFilters,
} from '@vitrina/contract';
import type { z } from 'zod';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { planWithPicks } from './planning.service.js';

const hasWork = (market: TPlanMicromarket) => market.bring > 0 || market.take_out > 0;

function stopOf(market: TPlanMicromarket): TPickSheetStop {
  return {
    micromarket_id: market.micromarket_id,
    name: market.name,
    address: market.address,
    bring: market.bring,
    take_out: market.take_out,
    lines: market.lines
      .filter((line) => line.bring > 0 || line.expiring > 0)
      .map((line) => ({
        product_id: line.product_id,
        product_name: line.product_name,
        bring: line.bring,
        take_out: line.expiring,
      })),
  };
}

/**
 * The plan of the filter as sheets to print and tick off: one per route with its couriers,
 * what to pick from storage and each of its stops with work; with no routes, one sheet of all.
 */
export async function pickSheet(
  ctx: ServiceContext,
  actor: UserActor,
  filters: z.output<typeof ZPlanFilters>,
): Promise<TPickSheet> {
  const { markets, pick, routeMarkets } = await planWithPicks(ctx, actor, filters);
  const sheets =
    routeMarkets.length > 0
      ? routeMarkets.map(({ route, markets: routeStops }) => ({
          group_id: route.group_id,
          group_name: route.group_name,
          couriers: route.couriers,
          pick: route.lines,
          stops: routeStops.filter(hasWork).map(stopOf),
        }))
      : [{ group_id: null, group_name: null, couriers: [], pick, stops: markets.filter(hasWork).map(stopOf) }];
  return {
    generated_at: ctx.clock.now().toISOString(),
    window_days: filters.window_days ?? PLANNING_DEFAULT_WINDOW,
    visit_hours: filters.visit_hours ?? PLANNING_DEFAULT_VISIT_HOURS,
    routes: sheets.filter((sheet) => sheet.stops.length > 0 || sheet.pick.length > 0),
  };
}
