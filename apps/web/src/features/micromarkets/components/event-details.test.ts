import type { TDeviceEvent } from '@vitrina/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { describeEventDetails } from './event-details';

const TEXTS: Record<string, string> = {
  'devices.history.changed': 'Changed',
  'fleet.commands.open_door': 'Open door',
  'alerts.types.1': 'Suspicious temperature',
  'devices.history.detail_keys.temperature': 'Temperature',
  'devices.history.detail_keys.limit': 'Limit',
  'devices.history.detail_keys.reason': 'Reason',
  'devices.history.camera_connected': 'Camera connected',
  'devices.history.camera_disconnected': 'Camera not connected',
};
const t = ((key: string, options?: { count?: number; defaultValue?: string }) => {
  if (key === 'devices.history.tags') return `Tags: ${options?.count}`;
  return TEXTS[key] ?? options?.defaultValue ?? key;
}) as unknown as TFunction;

const event = (kind: string, details: Record<string, unknown>): TDeviceEvent => ({
  id: 1,
  at: '2026-03-01T10:00:00.000Z',
  kind,
  details,
  actor_label: null,
});

describe('describeEventDetails', () => {
  it('says what changed, for settings and for fields alike', () => {
    expect(describeEventDetails(event('settings_changed', { keys: ['hold', 'test_mode'] }), t)).toBe(
      'Changed: hold, test_mode',
    );
    expect(describeEventDetails(event('updated', { fields: ['name'] }), t)).toBe('Changed: name');
  });

  it('names commands and alerts, counts tags, and hides protocol ids', () => {
    expect(describeEventDetails(event('command_queued', { command_id: 'abc', type: 'open_door' }), t)).toBe(
      'Open door',
    );
    expect(describeEventDetails(event('alert', { alert_id: 4, type: 1, temperature: 9.5, limit: 8 }), t)).toBe(
      'Suspicious temperature · Temperature: 9.5 °C · Limit: 8 °C',
    );
    expect(describeEventDetails(event('tags_placed', { count: 3 }), t)).toBe('Tags: 3');
    expect(describeEventDetails(event('door_session_closed', { session_id: 's', taken_tags: 0 }), t)).toBe('');
    expect(describeEventDetails(event('connected', { firmware: null, boot: 7 }), t)).toBe('');
  });

  it('says whether the neuro camera is connected, without the message’s boot and seq', () => {
    expect(describeEventDetails(event('neuro_connection', { connected: true, boot: 3, seq: 12 }), t)).toBe(
      'Camera connected',
    );
    expect(describeEventDetails(event('neuro_connection', { connected: false, boot: 3, seq: 14 }), t)).toBe(
      'Camera not connected',
    );
  });

  it('shows what it does not know as key and value', () => {
    expect(describeEventDetails(event('locked', { reason: 'temperature', extra: 'x' }), t)).toBe(
      'Reason: temperature · extra: x',
    );
  });
});
