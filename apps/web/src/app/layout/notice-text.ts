import type { FleetNoticeKind, Permission, TFleetNotice } from '@vitrina/contract';
import type { TFunction } from 'i18next';

const COLORS: Record<FleetNoticeKind, string> = {
  locked: '#820014',
  temperature: '#cf1322',
  offline: '#595959',
  door: '#d46b08',
  weight: '#ad6800',
};

export const noticeColor = (notice: Pick<TFleetNotice, 'kind'>) => COLORS[notice.kind];

const decimal = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/** What was measured, in one line: "11 °C, limit 8 °C", "+420 g, tolerance ±50 g". */
export function noticeDetail(t: TFunction, notice: Pick<TFleetNotice, 'kind' | 'details'>): string {
  const { reading, limit, unit } = notice.details as { reading?: unknown; limit?: unknown; unit?: unknown };
  if (typeof reading !== 'number') return '';
  if (notice.kind === 'weight')
    return t('alerts.bell.weight', {
      reading: `${reading > 0 ? '+' : ''}${decimal(reading)}`,
      limit: typeof limit === 'number' ? decimal(limit) : '—',
    });
  const u = typeof unit === 'string' ? unit : '';
  // A temperature reads as the board's does: one decimal.
  const shown = `${u === '°C' ? reading.toFixed(1) : decimal(reading)} ${u}`.trim();
  if (typeof limit !== 'number') return shown;
  return t('alerts.bell.reading_limit', { reading: shown, limit: `${decimal(limit)} ${u}`.trim() });
}

/** How often the incident came back within minutes of ending (flaps, counted instead of told again), or ''. */
export function noticeFlaps(
  t: TFunction,
  notice: Pick<TFleetNotice, 'details'>,
  formatAt: (at: string) => string,
): string {
  const { flaps, last_flap_at: at } = notice.details as { flaps?: unknown; last_flap_at?: unknown };
  if (typeof flaps !== 'number' || flaps < 1 || typeof at !== 'string') return '';
  return t('alerts.flaps', { count: flaps, at: formatAt(at) });
}

/** Where a notice leads: its alert (with the alerts screen), else the fridge's card; null when the user may open neither. */
export function noticeTarget(
  notice: Pick<TFleetNotice, 'alert_id' | 'alert_type' | 'micromarket_id'>,
  can: (permission: Permission) => boolean,
): string | null {
  if (notice.alert_id !== null && notice.alert_type !== null && can('show_technical_analytics_page'))
    return `/technical/analytics?micromarket_id=${notice.micromarket_id}&type=${notice.alert_type}`;
  if (can('show_device_page')) return `/device/${notice.micromarket_id}`;
  return null;
}
