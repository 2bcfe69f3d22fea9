import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { noticeDetail, noticeTarget } from './notice-text';

const t = ((key: string, values?: Record<string, unknown>) =>
  values
    ? `${key}(${Object.entries(values)
        .map(([name, value]) => `${name}=${value}`)
        .join(',')})`
    : key) as TFunction;

describe('noticeDetail', () => {
  it('says the reading against the limit, or nothing without a reading', () => {
    expect(noticeDetail(t, { kind: 'temperature', details: { reading: 11, limit: 8, unit: '°C' } })).toBe(
      'alerts.bell.reading_limit(reading=11.0 °C,limit=8 °C)',
    );
    expect(noticeDetail(t, { kind: 'weight', details: { reading: -80, limit: 50, unit: 'g' } })).toBe(
      'alerts.bell.weight(reading=-80,limit=50)',
    );
    expect(noticeDetail(t, { kind: 'offline', details: { last_activity_at: null } })).toBe('');
  });
});

describe('noticeTarget', () => {
  it('opens the alert with the alerts screen, else the fridge', () => {
    const notice = { alert_id: 5, alert_type: 1, micromarket_id: 9 };
    expect(noticeTarget(notice, () => true)).toBe('/technical/analytics?micromarket_id=9&type=1');
    expect(noticeTarget(notice, (permission) => permission === 'show_device_page')).toBe('/device/9');
    expect(noticeTarget({ ...notice, alert_id: null, alert_type: null }, () => true)).toBe('/device/9');
    expect(noticeTarget(notice, () => false)).toBeNull();
  });
});
