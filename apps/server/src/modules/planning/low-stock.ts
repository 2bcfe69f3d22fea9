import { LOW_STOCK_SHARE, PLANNING_DEFAULT_VISIT_HOURS, PLANNING_DEFAULT_WINDOW } from '@vitrina/contract';
import type { ServiceContext } from '../../lib/context.js';
import { notify, routedOrganisations } from '../notifications/index.js';
import { stockLevel } from './plan.js';
import { computePlan } from './planning.service.js';

export const LOW_STOCK_JOB = 'planning.low_stock';
/** The products named in a low-stock message, most needed first. */
const NAMED_PRODUCTS = 5;

/**
 * Tells each organisation that routes `low_stock` which of its micromarkets are under
 * LOW_STOCK_SHARE of their planogram, once per micromarket and day, with what to bring.
 * Only organisations with such a route are planned, so the hourly check costs nothing to
 * the others. Answers the number of messages queued.
 */
export async function tellLowStock(ctx: ServiceContext): Promise<number> {
  const now = ctx.clock.now();
  const day = now.toISOString().slice(0, 10);
  let queued = 0;
  for (const orgId of await routedOrganisations(ctx.db, 'low_stock')) {
    const { markets } = await computePlan(
      ctx.db,
      { visibleIds: null, orgId },
      { now, windowDays: PLANNING_DEFAULT_WINDOW, visitHours: PLANNING_DEFAULT_VISIT_HOURS },
    );
    for (const market of markets) {
      const level = stockLevel(market);
      if (level === null || level >= LOW_STOCK_SHARE) continue;
      const wanted = market.lines
        .filter((line) => line.bring > 0)
        .slice(0, NAMED_PRODUCTS)
        .map((line) => `${line.product_name} ×${line.bring}`);
      queued += await notify(ctx, {
        orgId,
        event: 'low_stock',
        key: `low-stock:${market.micromarket_id}:${day}`,
        subject: `Low stock: ${market.name}`,
        text: `${market.name}${market.address ? ` (${market.address})` : ''} holds ${Math.round(level * 100)}% of its planogram. Bring ${market.bring} item(s): ${wanted.join(', ')}.`,
      }).catch(() => 0);
    }
  }
  return queued;
}
