import type { Locale, Permission, TDisplayTile, TileCondition, TileConditionKind } from '@vitrina/contract';
import type { TFunction } from 'i18next';
import { formatDuration } from '../../../lib/format';

/** The board's counters, in the order they are shown: the conditions that matter most first, then the fridges all well. */
export const BOARD_COUNTERS = [
  'temperature',
  'offline',
  'locked',
  'door',
  'weight',
  'tilt',
  'door_open',
  'ok',
] as const;
export type BoardCounter = (typeof BOARD_COUNTERS)[number];

/** One colour per condition (and for all well), shared by the counters, the tiles and the map's markers. */
export const CONDITION_COLORS: Record<TileConditionKind | 'ok', string> = {
  locked: '#820014',
  temperature: '#cf1322',
  offline: '#595959',
  door: '#d46b08',
  weight: '#ad6800',
  tilt: '#ad6800',
  door_open: '#0958d9',
  ok: '#389e0d',
};

export type TileTone = { background: string; color: string; border: string };

/**
 * A tile's look from its most urgent condition: a solid colour when food or customers are at
 * risk now (lock, temperature, offline), a light one when someone should look (an alert to
 * resolve, a tilt), pale blue for a door open, pale green when all is well. A weight alert
 * therefore never paints a tile red.
 */
export function tileTone(conditions: readonly TileCondition[]): TileTone {
  const first = conditions[0];
  if (!first) return { background: '#f6ffed', color: '#135200', border: '#b7eb8f' };
  if (first.severity === 'critical') {
    const solid = CONDITION_COLORS[first.kind];
    return { background: solid, color: '#fff', border: solid };
  }
  if (first.severity === 'warning') return { background: '#fff7e6', color: '#612500', border: '#ffa940' };
  return { background: '#e6f4ff', color: '#002c8c', border: '#69b1ff' };
}

/** The marker's colour on the map: its most urgent condition's, or all well. */
export const tileColor = (conditions: readonly TileCondition[]) => CONDITION_COLORS[conditions[0]?.kind ?? 'ok'];

const decimal = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/** A condition's name as the tile says it (an unresolved temperature alert back in range says so). */
export function conditionLabel(t: TFunction, condition: TileCondition): string {
  if (condition.kind === 'temperature' && !condition.is_current) return t('devices.board.kinds.temperature_past');
  return t(`devices.board.kinds.${condition.kind}`);
}

/** The reading against the limit, and for how long: "11.0 °C, limit 8 °C · 40 min". */
export function conditionDetail(
  t: TFunction,
  condition: TileCondition,
  options: { now: number; locale: Locale },
): string {
  const parts: string[] = [];
  const { reading, limit } = condition;
  if (reading !== null) {
    if (condition.kind === 'weight') {
      parts.push(
        t('devices.board.detail.weight', {
          reading: `${reading > 0 ? '+' : ''}${decimal(reading)}`,
          limit: limit === null ? '—' : decimal(limit),
        }),
      );
    } else {
      const unit = condition.unit ?? '';
      // A temperature reads as the tile's big number does: one decimal.
      const shown = unit === '°C' ? reading.toFixed(1) : decimal(reading);
      parts.push(
        limit === null
          ? `${shown} ${unit}`.trim()
          : t('devices.board.detail.reading_limit', {
              reading: `${shown} ${unit}`.trim(),
              limit: `${decimal(limit)} ${unit}`.trim(),
            }),
      );
    }
  }
  if (condition.since) {
    const ms = Math.max(0, options.now - new Date(condition.since).getTime());
    const duration = formatDuration(ms, options.locale);
    parts.push(
      condition.kind === 'offline'
        ? t('devices.board.detail.last_seen', { duration })
        : t('devices.board.detail.for', { duration }),
    );
  } else if (condition.kind === 'offline') {
    parts.push(t('fleet.display.never_seen'));
  }
  return parts.join(' · ');
}

/** Where a tile's condition leads: its alert, or the fridge's card at the tab that shows it; null when the user may open neither. */
export function conditionTarget(
  tile: Pick<TDisplayTile, 'id'>,
  condition: TileCondition,
  can: (permission: Permission) => boolean,
): string | null {
  if (condition.alert_id !== null && can('show_technical_analytics_page'))
    return `/technical/analytics?micromarket_id=${tile.id}&type=${condition.alert_type}`;
  if (!can('show_device_page')) return null;
  const tab: Partial<Record<TileConditionKind, string>> = {
    temperature: 'monitoring',
    offline: 'monitoring',
    door_open: 'monitoring',
    tilt: 'commands',
    door: 'commands',
    weight: 'history',
  };
  const key = tab[condition.kind];
  return key ? `/device/${tile.id}?tab=${key}` : `/device/${tile.id}`;
}
