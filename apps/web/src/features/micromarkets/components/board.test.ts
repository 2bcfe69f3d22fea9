import type { TileCondition } from '@vitrina/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { CONDITION_COLORS, conditionDetail, conditionLabel, conditionTarget, tileTone } from './board';

/** Echoes the key and its values, so the tests read what the tile would say. */
const t = ((key: string, values?: Record<string, unknown>) =>
  values
    ? `${key}(${Object.entries(values)
        .map(([name, value]) => `${name}=${value}`)
        .join(',')})`
    : key) as TFunction;

const condition = (changes: Partial<TileCondition>): TileCondition => ({
  kind: 'temperature',
  severity: 'critical',
  is_current: true,
  reading: null,
  limit: null,
  unit: null,
  since: null,
  alert_id: null,
  alert_type: null,
  ...changes,
});
const NOW = Date.parse('2026-07-01T10:00:00Z');

describe('tileTone', () => {
  it('paints a tile solid only for what puts food or customers at risk now; a weight alert stays light', () => {
    expect(tileTone([condition({ kind: 'temperature' })]).background).toBe(CONDITION_COLORS.temperature);
    expect(tileTone([condition({ kind: 'offline' })])).toMatchObject({ background: '#595959', color: '#fff' });
    const weight = tileTone([condition({ kind: 'weight', severity: 'warning' })]);
    expect(weight.color).not.toBe('#fff');
    expect(weight.background).toBe('#fff7e6');
    expect(tileTone([]).background).toBe('#f6ffed');
  });
});

describe('conditionDetail', () => {
  it('says the reading against the limit and for how long', () => {
    const warm = condition({ reading: 11, limit: 8, unit: '°C', since: '2026-07-01T09:20:00Z' });
    expect(conditionDetail(t, warm, { now: NOW, locale: 'en' })).toBe(
      'devices.board.detail.reading_limit(reading=11.0 °C,limit=8 °C) · devices.board.detail.for(duration=40 min)',
    );
    const cool = condition({ reading: 9.94, limit: 8, unit: '°C' });
    expect(conditionDetail(t, cool, { now: NOW, locale: 'en' })).toBe(
      'devices.board.detail.reading_limit(reading=9.9 °C,limit=8 °C)',
    );
  });

  it('signs unexplained grams, and says when an offline fridge was last seen', () => {
    const weight = condition({ kind: 'weight', severity: 'warning', reading: 420, limit: 50, unit: 'g' });
    expect(conditionDetail(t, weight, { now: NOW, locale: 'en' })).toBe(
      'devices.board.detail.weight(reading=+420,limit=50)',
    );
    const offline = condition({ kind: 'offline', since: '2026-07-01T07:00:00Z' });
    expect(conditionDetail(t, offline, { now: NOW, locale: 'en' })).toBe(
      'devices.board.detail.last_seen(duration=3 hr)',
    );
    expect(conditionDetail(t, condition({ kind: 'offline' }), { now: NOW, locale: 'en' })).toBe(
      'fleet.display.never_seen',
    );
  });

  it('names an unresolved temperature alert of a fridge back in range for what it is', () => {
    expect(conditionLabel(t, condition({ is_current: false, severity: 'warning' }))).toBe(
      'devices.board.kinds.temperature_past',
    );
    expect(conditionLabel(t, condition({ kind: 'door' }))).toBe('devices.board.kinds.door');
  });
});

describe('conditionTarget', () => {
  const tile = { id: 7 };
  const holding =
    (...held: string[]) =>
    (permission: string) =>
      held.includes(permission);

  it('opens the alert for whoever sees alerts, else the card’s tab that shows it, else nothing', () => {
    const weight = condition({ kind: 'weight', alert_id: 3, alert_type: 3 });
    expect(conditionTarget(tile, weight, holding('show_technical_analytics_page', 'show_device_page'))).toBe(
      '/technical/analytics?micromarket_id=7&type=3',
    );
    expect(conditionTarget(tile, weight, holding('show_device_page'))).toBe('/device/7?tab=history');
    expect(conditionTarget(tile, condition({ kind: 'offline' }), holding('show_device_page'))).toBe(
      '/device/7?tab=monitoring',
    );
    expect(conditionTarget(tile, condition({ kind: 'locked' }), holding('show_device_page'))).toBe('/device/7');
    expect(conditionTarget(tile, weight, holding('show_fridge_display'))).toBeNull();
  });
});
