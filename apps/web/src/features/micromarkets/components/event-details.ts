import type { TDeviceEvent } from '@vitrina/contract';
import type { TFunction } from 'i18next';

const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** Ids and counters of the protocol: they say nothing to an operator. */
const HIDDEN = new Set(['id', 'command_id', 'session_id', 'alert_id', 'door_session_id', 'boot', 'seq', 'from_id']);

/**
 * One line for a history row's details: what changed, which command, how many tags, the
 * alert and its reading; anything else as `key: value`, so a new kind never shows blank.
 */
export function describeEventDetails(event: TDeviceEvent, t: TFunction): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(event.details)) {
    if (HIDDEN.has(key) || value === null || value === undefined) continue;
    if ((key === 'keys' || key === 'fields') && Array.isArray(value)) {
      if (value.length > 0) parts.push(`${t('devices.history.changed')}: ${value.join(', ')}`);
    } else if (key === 'type' && event.kind === 'alert') {
      parts.push(t(`alerts.types.${String(value)}`, { defaultValue: String(value) }));
    } else if (key === 'type' && typeof value === 'string') {
      parts.push(t(`fleet.commands.${value}`, { defaultValue: value }));
    } else if (key === 'connected' && typeof value === 'boolean') {
      parts.push(t(value ? 'devices.history.camera_connected' : 'devices.history.camera_disconnected'));
    } else if (key === 'count' || key === 'taken_tags') {
      if (Number(value) > 0) parts.push(t('devices.history.tags', { count: Number(value) }));
    } else if (key === 'temperature' || key === 'limit') {
      parts.push(`${t(`devices.history.detail_keys.${key}`)}: ${String(value)} °C`);
    } else if (isScalar(value)) {
      parts.push(`${t(`devices.history.detail_keys.${key}`, { defaultValue: key })}: ${String(value)}`);
    }
  }
  return parts.join(' · ');
}
