import type { TLiveEvent } from '@vitrina/contract';

/** What changes a courier's route: a door, a lock, tags going in or out. */
const ROUTE_KEYS = ['door', 'locked', 'tags_placed', 'tags_taken'];

/**
 * Whether a live state event concerns the route on screen (its micromarkets) and changes what
 * it shows; every telemetry reading says "online" with its temperature, which does not (a
 * fridge going offline or coming back says its connection alone).
 */
export function changesRoute(event: TLiveEvent, stopIds: readonly number[]): boolean {
  if (typeof event.id !== 'number' || !stopIds.includes(event.id)) return false;
  const data = event.data ?? {};
  const isConnectionAlone = Object.keys(data).length === 1 && data.connection !== undefined;
  return isConnectionAlone || ROUTE_KEYS.some((key) => data[key] !== undefined);
}
