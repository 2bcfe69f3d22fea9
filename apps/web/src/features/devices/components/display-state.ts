import type { TDisplayTile } from '@vitrina/contract';

/** The wall board's states, most urgent first: a tile shows the first that applies. */
export const DISPLAY_STATES = ['locked', 'alert', 'offline', 'door_open', 'temperature', 'ok'] as const;
export type DisplayState = (typeof DISPLAY_STATES)[number];

export const DISPLAY_COLORS: Record<DisplayState, { background: string; color: string }> = {
  locked: { background: '#820014', color: '#fff' },
  alert: { background: '#f5222d', color: '#fff' },
  offline: { background: '#8c8c8c', color: '#fff' },
  door_open: { background: '#1677ff', color: '#fff' },
  temperature: { background: '#fa8c16', color: '#fff' },
  ok: { background: '#f6ffed', color: '#135200' },
};

export function displayState(tile: TDisplayTile): DisplayState {
  if (tile.locked) return 'locked';
  if (tile.open_alerts > 0) return 'alert';
  if (tile.connection === 'offline') return 'offline';
  if (tile.door === 'open') return 'door_open';
  if (tile.temperature_state === 'out_of_range') return 'temperature';
  return 'ok';
}
