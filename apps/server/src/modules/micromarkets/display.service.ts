import {
  ACCELEROMETER_MAX_TILT_DEGREES,
  countTiles,
  FLEET_DISPLAY_MAX,
  type TDisplayAlert,
  type TDisplayTile,
  type TFleetDisplay,
  type TMapTiles,
} from '@vitrina/contract';
import { and, desc, inArray, isNull, ne, sql } from 'drizzle-orm';
import { doorSessions, micromarkets, technicalAlerts } from '../../db/schema/index.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import * as repo from './micromarkets.repository.js';
import { micromarketFilters } from './micromarkets.service.js';
import { readThresholds } from './thresholds.js';

/** Unresolved alerts of these micromarkets, the newest of each type first. */
async function unresolvedAlerts(ctx: ServiceContext, ids: number[]): Promise<Map<number, TDisplayAlert[]>> {
  const rows = await ctx.db
    .select({
      id: technicalAlerts.id,
      micromarketId: technicalAlerts.micromarketId,
      type: technicalAlerts.type,
      status: technicalAlerts.status,
      openedAt: technicalAlerts.openedAt,
      details: technicalAlerts.details,
    })
    .from(technicalAlerts)
    .where(and(inArray(technicalAlerts.micromarketId, ids), ne(technicalAlerts.status, 'resolved')))
    .orderBy(desc(technicalAlerts.openedAt));
  const byMarket = new Map<number, TDisplayAlert[]>();
  for (const row of rows) {
    const list = byMarket.get(row.micromarketId) ?? [];
    list.push({
      id: row.id,
      type: row.type,
      status: row.status === 'acknowledged' ? 'acknowledged' : 'open',
      opened_at: row.openedAt.toISOString(),
      details: row.details as Record<string, unknown>,
    });
    byMarket.set(row.micromarketId, list);
  }
  return byMarket;
}

/** What the list's rows leave out: the tilt, the start of an excursion, an open door session's start. */
async function liveExtras(ctx: ServiceContext, ids: number[]) {
  const [states, sessions] = await Promise.all([
    ctx.db
      .select({ id: micromarkets.id, tilt: micromarkets.tilt, overheatSince: micromarkets.overheatSince })
      .from(micromarkets)
      .where(inArray(micromarkets.id, ids)),
    ctx.db
      .select({ id: doorSessions.micromarketId, openedAt: sql<Date>`max(${doorSessions.openedAt})` })
      .from(doorSessions)
      .where(and(inArray(doorSessions.micromarketId, ids), isNull(doorSessions.closedAt)))
      .groupBy(doorSessions.micromarketId),
  ]);
  return {
    states: new Map(states.map((row) => [row.id, row])),
    doorOpenSince: new Map(sessions.map((row) => [row.id, new Date(row.openedAt)])),
  };
}

/** The device list's filters, which narrow its map; the wall board sends none. */
type FleetFilters = Parameters<typeof micromarketFilters>[1];

/**
 * The wall board and the fleet map: visible micromarkets by name with their live state, each
 * unresolved alert with what its rule saw, the limits they are judged by, and their place.
 */
export async function fleetDisplay(
  ctx: ServiceContext,
  actor: UserActor,
  map: TMapTiles,
  filters: FleetFilters = {},
): Promise<TFleetDisplay> {
  const rows = await repo.listMicromarkets(
    ctx.db,
    micromarketFilters(actor, filters),
    { limit: FLEET_DISPLAY_MAX + 1, offset: 0 },
    'name',
    ctx.clock.now(),
  );
  const shown = rows.slice(0, FLEET_DISPLAY_MAX);
  const ids = shown.map((row) => row.id);
  if (ids.length === 0) return { items: [], truncated: false, counts: countTiles([]), map };
  const orgIds = [...new Set(shown.map((row) => row.org_id))];
  const [alerts, extras, thresholds] = await Promise.all([
    unresolvedAlerts(ctx, ids),
    liveExtras(ctx, ids),
    Promise.all(orgIds.map((orgId) => readThresholds(ctx, orgId))),
  ]);
  const limitsOf = new Map(thresholds.map((row) => [row.org_id, row]));
  const items: TDisplayTile[] = shown.map((row) => {
    const limits = limitsOf.get(row.org_id)!;
    const state = extras.states.get(row.id);
    const own = alerts.get(row.id) ?? [];
    return {
      id: row.id,
      org_id: row.org_id,
      name: row.name,
      address: row.address,
      active: row.active,
      connection: row.connection,
      door: row.door,
      temperature: row.temperature,
      temperature_state: row.temperature_state,
      defrosting: row.defrosting,
      locked: row.locked,
      last_activity_at: row.last_activity_at,
      open_alerts: own.length,
      alerts: own,
      locked_at: row.locked_at,
      lock_reason: row.lock_reason,
      temperature_min: limits.temperature_min,
      temperature_max: limits.temperature_max,
      overheat_since: state?.overheatSince?.toISOString() ?? null,
      tilt: state?.tilt ?? null,
      tilt_limit: ACCELEROMETER_MAX_TILT_DEGREES,
      door_open_since: row.door === 'open' ? (extras.doorOpenSince.get(row.id)?.toISOString() ?? null) : null,
      latitude: row.latitude,
      longitude: row.longitude,
    };
  });
  return { items, truncated: rows.length > FLEET_DISPLAY_MAX, counts: countTiles(items), map };
}
