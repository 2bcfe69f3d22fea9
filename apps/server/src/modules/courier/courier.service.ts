import { isoWeekdayIn, type TCourierOpening, type TCourierStop, type TCourierStops } from '@vitrina/contract';
import { eq, inArray } from 'drizzle-orm';
import { micromarkets, organizations } from '../../db/schema/index.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { routeMicromarkets } from '../device-groups/index.js';
import { createLink } from '../open-links/index.js';
import { computePlan } from '../planning/index.js';

/**
 * The routes the courier runs today, on the clock of the courier's organisation, with their
 * micromarkets; null for a courier on no route (who works at all of their organisations').
 */
export async function todaysRoute(ctx: ServiceContext, actor: UserActor) {
  const [org] = await ctx.db
    .select({ timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, actor.orgId));
  return routeMicromarkets(ctx.db, actor.userId, isoWeekdayIn(ctx.clock.now(), org?.timeZone ?? 'UTC'));
}

/**
 * The courier's micromarkets for today: those the restock plan has work for (something to
 * bring or take out), most work first, with their place, parking spot and live state. A
 * courier on routes (micromarket groups) gets the micromarkets of the routes run today, on
 * the clock of the courier's organisation; one on no route, all of their organisations' work.
 */
export async function courierStops(ctx: ServiceContext, actor: UserActor): Promise<TCourierStops> {
  const now = ctx.clock.now();
  const onRoute = await todaysRoute(ctx, actor);
  const routesToday = onRoute?.names ?? null;
  if (onRoute?.micromarketIds.length === 0) return { items: [], routes_today: routesToday };
  const { markets } = await computePlan(
    ctx.db,
    { visibleIds: actor.scope.visibleIds },
    { now, windowDays: 28, visitHours: 24 },
  );
  const mine = onRoute === null ? null : new Set(onRoute.micromarketIds);
  const busy = markets.filter(
    (market) => (market.bring > 0 || market.take_out > 0) && (mine === null || mine.has(market.micromarket_id)),
  );
  if (busy.length === 0) return { items: [], routes_today: routesToday };
  const rows = await ctx.db
    .select()
    .from(micromarkets)
    .where(
      inArray(
        micromarkets.id,
        busy.map((market) => market.micromarket_id),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items = busy.map((market): TCourierStop => {
    const row = byId.get(market.micromarket_id)!;
    return {
      id: row.id,
      org_id: row.orgId,
      name: row.name,
      address: row.address,
      location_description: row.locationDescription,
      latitude: row.latitude,
      longitude: row.longitude,
      courier_latitude: row.courierLatitude,
      courier_longitude: row.courierLongitude,
      connection: row.connection,
      door: row.door,
      temperature: row.temperature,
      locked: row.lockedAt !== null,
      bring: market.bring,
      take_out: market.take_out,
      lines: market.lines.filter((line) => line.bring > 0 || line.expiring > 0),
    };
  });
  items.sort((a, b) => b.bring + b.take_out - (a.bring + a.take_out) || a.name.localeCompare(b.name));
  return { items, routes_today: routesToday };
}

/** A one-time courier link for an hour: the courier opens the door through its form. */
export async function courierOpening(
  ctx: ServiceContext,
  actor: UserActor,
  micromarketId: number,
): Promise<TCourierOpening> {
  const link = await createLink(ctx, actor, micromarketId, { kind: 'courier', hours: 1 });
  return { path: link.path, expires_at: link.expires_at };
}
