import { z } from 'zod';
import { ZTimestamp } from './common.js';
import { CONNECTIONS, DOOR_STATES, TEMPERATURE_STATES } from './micromarket.js';

/** How many tiles the wall board shows at most (largest fleets page through the list instead). */
export const FLEET_DISPLAY_MAX = 500;

/** An unresolved technical alert as a tile shows it: which, since when, what the rule saw. */
export const ZDisplayAlert = z.object({
  id: z.number().int(),
  type: z.number().int(),
  status: z.enum(['open', 'acknowledged']),
  opened_at: ZTimestamp,
  details: z.record(z.string(), z.unknown()),
});
export type TDisplayAlert = z.infer<typeof ZDisplayAlert>;

/** One tile of the wall board (/device/display): the live state and whether an alert is open. */
export const ZDisplayTile = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  active: z.boolean(),
  connection: z.enum(CONNECTIONS),
  door: z.enum(DOOR_STATES).nullable(),
  temperature: z.number().nullable(),
  temperature_state: z.enum(TEMPERATURE_STATES).nullable(),
  defrosting: z.boolean().nullable(),
  locked: z.boolean(),
  last_activity_at: ZTimestamp.nullable(),
  /** Technical alerts not yet resolved (open or acknowledged). */
  open_alerts: z.number().int(),
  /** Each unresolved alert, the newest of its type: what the tile names, with what the rule saw. */
  alerts: z.array(ZDisplayAlert),
  locked_at: ZTimestamp.nullable(),
  lock_reason: z.string().nullable(),
  /** The organisation's temperature limits (°C). */
  temperature_min: z.number(),
  temperature_max: z.number(),
  /** Since when the temperature has been above the maximum; null: not above it. */
  overheat_since: ZTimestamp.nullable(),
  /** The last accelerometer reading (degrees) and the largest tilt that is still correct. */
  tilt: z.number().nullable(),
  tilt_limit: z.number(),
  /** When the door session still open began (null: closed, or opened without a session). */
  door_open_since: ZTimestamp.nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type TDisplayTile = z.infer<typeof ZDisplayTile>;

/**
 * The fleet map's base layer: an XYZ raster tile URL template (`{z}/{x}/{y}`, optionally `{s}`
 * and `{r}`) and its attribution, from the server's MAP_TILE_URL and MAP_TILE_ATTRIBUTION;
 * null: no base layer (MAP_TILE_URL=off), the markers on a blank background.
 */
export const ZMapTiles = z.object({ url: z.string(), attribution: z.string(), max_zoom: z.number().int() }).nullable();
export type TMapTiles = z.infer<typeof ZMapTiles>;

export const ZFleetDisplay = z.object({
  items: z.array(ZDisplayTile),
  truncated: z.boolean(),
  /** Each condition's count over the shown tiles (countTiles), so the board's numbers are the server's. */
  counts: z.record(z.string(), z.number().int()),
  map: ZMapTiles,
});
export type TFleetDisplay = z.infer<typeof ZFleetDisplay>;

// ---------------------------------------------------------------------------------------
// What a tile says and what the board counts (shared by the server's counts and the panel's tiles).

/** What can be wrong with a fridge, most urgent first: a tile lists each that applies, in this order. */
export const TILE_CONDITION_KINDS = [
  'locked',
  'temperature',
  'offline',
  'door',
  'weight',
  'tilt',
  'door_open',
] as const;
export type TileConditionKind = (typeof TILE_CONDITION_KINDS)[number];

/** critical: customers or food are at risk now; warning: someone should look; info: worth knowing. */
export type TileSeverity = 'critical' | 'warning' | 'info';

export type TileCondition = {
  kind: TileConditionKind;
  severity: TileSeverity;
  /**
   * False for an unresolved temperature alert whose fridge is back in range: the tile still
   * names it (someone has to resolve it), but it is not "out of range" now.
   */
  is_current: boolean;
  reading: number | null;
  limit: number | null;
  unit: '°C' | 'g' | '°' | null;
  /** Since when it has applied (ISO), when known. */
  since: string | null;
  /** The technical alert behind it, which the tile opens. */
  alert_id: number | null;
  alert_type: number | null;
};

const numberOf = (value: unknown) => (typeof value === 'number' ? value : null);

/** Every condition of a tile, most urgent first; an empty list is a fridge that is all well. Deactivated fridges have none. */
export function tileConditions(tile: TDisplayTile): TileCondition[] {
  if (!tile.active) return [];
  const alertOf = (type: number) => tile.alerts.find((alert) => alert.type === type) ?? null;
  const temperatureAlert = alertOf(1);
  const conditions: TileCondition[] = [];
  const add = (condition: Omit<TileCondition, 'is_current' | 'alert_id' | 'alert_type'> & Partial<TileCondition>) =>
    conditions.push({ is_current: true, alert_id: null, alert_type: null, ...condition });
  const isHigh = tile.temperature !== null && tile.temperature > tile.temperature_max;
  if (tile.locked) {
    add({
      kind: 'locked',
      severity: 'critical',
      reading: tile.temperature,
      limit: tile.temperature_max,
      unit: '°C',
      since: tile.locked_at,
      alert_id: temperatureAlert?.id ?? null,
      alert_type: temperatureAlert ? 1 : null,
    });
  }
  if (tile.temperature_state === 'out_of_range' && tile.temperature !== null) {
    add({
      kind: 'temperature',
      severity: 'critical',
      reading: tile.temperature,
      limit: isHigh ? tile.temperature_max : tile.temperature_min,
      unit: '°C',
      since: (isHigh ? tile.overheat_since : null) ?? temperatureAlert?.opened_at ?? null,
      alert_id: temperatureAlert?.id ?? null,
      alert_type: temperatureAlert ? 1 : null,
    });
  } else if (temperatureAlert && !tile.locked) {
    add({
      kind: 'temperature',
      severity: 'warning',
      is_current: false,
      reading: numberOf(temperatureAlert.details.temperature),
      limit: numberOf(temperatureAlert.details.limit),
      unit: '°C',
      since: temperatureAlert.opened_at,
      alert_id: temperatureAlert.id,
      alert_type: 1,
    });
  }
  if (tile.connection === 'offline') {
    add({
      kind: 'offline',
      severity: 'critical',
      reading: null,
      limit: null,
      unit: null,
      since: tile.last_activity_at,
    });
  }
  const door = alertOf(2);
  if (door) {
    add({
      kind: 'door',
      severity: 'warning',
      reading: null,
      limit: null,
      unit: null,
      since: door.opened_at,
      alert_id: door.id,
      alert_type: 2,
    });
  }
  const weight = alertOf(3);
  if (weight) {
    add({
      kind: 'weight',
      severity: 'warning',
      reading: numberOf(weight.details.unexplained_grams),
      limit: numberOf(weight.details.tolerance),
      unit: 'g',
      since: weight.opened_at,
      alert_id: weight.id,
      alert_type: 3,
    });
  }
  if (tile.tilt !== null && tile.tilt > tile.tilt_limit) {
    add({ kind: 'tilt', severity: 'warning', reading: tile.tilt, limit: tile.tilt_limit, unit: '°', since: null });
  }
  if (tile.door === 'open') {
    add({ kind: 'door_open', severity: 'info', reading: null, limit: null, unit: null, since: tile.door_open_since });
  }
  return conditions;
}

/** What the board counts: each condition (a fridge counts in every one that applies now) and the fridges all well. */
export const DISPLAY_COUNTERS = [...TILE_CONDITION_KINDS, 'ok'] as const;
export type DisplayCounter = (typeof DISPLAY_COUNTERS)[number];

/** How many tiles have each condition now; `ok` counts active tiles with none. */
export function countTiles(tiles: readonly TDisplayTile[]): Record<DisplayCounter, number> {
  const counts = Object.fromEntries(DISPLAY_COUNTERS.map((name) => [name, 0])) as Record<DisplayCounter, number>;
  for (const tile of tiles) {
    if (!tile.active) continue;
    const conditions = tileConditions(tile).filter((condition) => condition.is_current);
    for (const kind of new Set(conditions.map((condition) => condition.kind))) counts[kind] += 1;
    if (tileConditions(tile).length === 0) counts.ok += 1;
  }
  return counts;
}
