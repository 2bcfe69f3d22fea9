import type { Locale } from '@vitrina/contract';
import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { loadLocaleTexts } from '../../locales';
import { noticeDetail, noticeFlaps, noticeTarget } from './notice-text';

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

describe('noticeFlaps', () => {
  it('counts the flaps with the last one’s time, or says nothing', () => {
    const at = '2026-07-01T09:08:00.000Z';
    expect(noticeFlaps(t, { details: { flaps: 4, last_flap_at: at } }, (value) => `at ${value}`)).toBe(
      `alerts.flaps(count=4,at=at ${at})`,
    );
    expect(noticeFlaps(t, { details: {} }, String)).toBe('');
  });
});

/** The bell in the reader's language, with the panel's real texts. */
async function bellIn(locale: Locale) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: locale,
    resources: { [locale]: { translation: await loadLocaleTexts(locale, ['alerts']) } },
    interpolation: { escapeValue: false },
  });
  const notice = { kind: 'temperature' as const, details: { reading: 11, limit: 8, unit: '°C', flaps: 2 } };
  const line = [
    i18n.t(`alerts.bell.kinds.${notice.kind}`),
    noticeDetail(i18n.t, notice),
    noticeFlaps(i18n.t, { details: { ...notice.details, last_flap_at: 'x' } }, () => '09:08'),
  ];
  return line.join(' · ');
}

describe('the bell speaks the reader’s language', () => {
  it.each([
    ['pl', 'Temperatura poza zakresem · 11.0 °C, limit 8 °C · wracało 2× w ciągu kilku minut, ostatnio 09:08'],
    ['ua', 'Температура поза межами · 11.0 °C, межа 8 °C · поверталося 2× за лічені хвилини, востаннє 09:08'],
  ] as const)('%s', async (locale, expected) => {
    expect(await bellIn(locale)).toBe(expected);
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
