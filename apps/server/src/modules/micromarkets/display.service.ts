import { FLEET_DISPLAY_MAX, type TDisplayTile } from '@vitrina/contract';
import { and, count, inArray, ne } from 'drizzle-orm';
import { technicalAlerts } from '../../db/schema/index.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import * as repo from './micromarkets.repository.js';

/** The wall board: visible micromarkets by name with their live state and unresolved alerts. */
export async function fleetDisplay(ctx: ServiceContext, actor: UserActor) {
  const rows = await repo.listMicromarkets(
    ctx.db,
    { orgIds: actor.scope.visibleIds },
    { limit: FLEET_DISPLAY_MAX + 1, offset: 0 },
    'name',
  );
  const shown = rows.slice(0, FLEET_DISPLAY_MAX);
  const ids = shown.map((row) => row.id);
  const alerts =
    ids.length === 0
      ? []
      : await ctx.db
          .select({ id: technicalAlerts.micromarketId, n: count() })
          .from(technicalAlerts)
          .where(and(inArray(technicalAlerts.micromarketId, ids), ne(technicalAlerts.status, 'resolved')))
          .groupBy(technicalAlerts.micromarketId);
  const openAlerts = new Map(alerts.map((row) => [row.id, Number(row.n)]));
  const items: TDisplayTile[] = shown.map((row) => ({
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
    open_alerts: openAlerts.get(row.id) ?? 0,
  }));
  return { items, truncated: rows.length > FLEET_DISPLAY_MAX };
}
