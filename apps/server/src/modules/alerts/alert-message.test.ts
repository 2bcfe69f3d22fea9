import { FLEET_NOTICE_KINDS, type FleetNoticeKind, LOCALES, type Locale, MESSAGES, translate } from '@vitrina/contract';
import { describe, expect, it } from 'vitest';
import { composeFleetMessage, type NoticeDetails } from './alert-message.js';

/** Each kind as its source tells it: the reading and the limit where the rule has them. */
const DETAILS: Record<FleetNoticeKind, NoticeDetails> = {
  temperature: { reading: 11.5, limit: 8, unit: '°C', direction: 'high' },
  locked: { reading: 9.5, limit: 8, unit: '°C', direction: 'high', minutes: 120 },
  weight: { reading: 420, limit: 50, unit: 'g' },
  door: { command_id: 'c-1', error: 'door_not_opened' },
  offline: { reason: 'silent', last_activity_at: '2026-07-01T08:45:00Z' },
};
/** What the reading and limit look like in each language: a decimal comma but in English. */
const READINGS: Record<FleetNoticeKind, (comma: boolean) => string[]> = {
  temperature: (comma) => [comma ? '11,5' : '11.5', '8'],
  locked: (comma) => [comma ? '9,5' : '9.5', '8', '120'],
  weight: () => ['+420', '±50'],
  door: () => ['door_not_opened'],
  offline: () => ['2026-07-01 11:45 (Europe/Kyiv)'],
};
const AT = new Date('2026-07-01T09:00:00Z');

const compose = (kind: FleetNoticeKind, locale: (typeof LOCALES)[number]) =>
  composeFleetMessage({
    kind,
    details: DETAILS[kind],
    at: AT,
    micromarket: { id: 42, name: 'Lobby fridge', serialNumber: 'SN-42' },
    timeZone: 'Europe/Kyiv',
    publicUrl: 'https://panel.example/',
    locale,
  });

/** Every alert message text of a language, with its key in the message files. */
const alertTexts = (locale: Locale): [string, string][] =>
  Object.entries(MESSAGES)
    .filter(([key]) => key.startsWith('alert_message.'))
    .map(([key, texts]) => [key, texts[locale]]);
const titleOf = (kind: FleetNoticeKind, locale: Locale) => translate(`alert_message.title.${kind}`, locale);
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('alert message texts', () => {
  it.each(LOCALES)('%s has every text of English, with the same placeholders', (locale) => {
    const english = new Map(alertTexts('en'));
    const own = new Map(alertTexts(locale));
    expect([...own.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [path, text] of own) {
      expect(text.trim(), `${locale} ${path}`).not.toBe('');
      expect(placeholders(text), `${locale} ${path}`).toEqual(placeholders(english.get(path)!));
    }
  });

  const cases = LOCALES.flatMap((locale) => FLEET_NOTICE_KINDS.map((kind) => [kind, locale] as const));
  it.each(cases)('tells %s in %s: what, where, the reading and limit, local time, a link', (kind, locale) => {
    const { subject, text } = compose(kind, locale);
    const title = titleOf(kind, locale);
    expect(subject).toBe(`${title}: Lobby fridge`);
    expect(text.split('\n')[0]).toBe(`${title}: Lobby fridge (SN-42).`);
    for (const part of READINGS[kind](locale !== 'en')) expect(text).toContain(part);
    // Kyiv is UTC+3 in July.
    expect(text).toContain('2026-07-01 12:00 (Europe/Kyiv)');
    expect(text).toContain('https://panel.example/device/42');
    expect(`${subject}\n${text}`).not.toMatch(/\{\w+\}/);
    if (locale !== 'en') expect(title).not.toBe(titleOf(kind, 'en'));
  });

  it('keeps the English message as it was', () => {
    expect(compose('locked', 'en').text).toBe(
      [
        'Locked for food safety: Lobby fridge (SN-42).',
        'Temperature: 9.5 °C; limit: 8 °C (highest allowed), above it for 120 min.',
        'When: 2026-07-01 12:00 (Europe/Kyiv).',
        'Open the fridge: https://panel.example/device/42',
      ].join('\n'),
    );
    expect(compose('offline', 'en').text.split('\n')[1]).toBe(
      'It stopped reporting. Last heard from: 2026-07-01 11:45 (Europe/Kyiv).',
    );
    expect(compose('weight', 'pl').text.split('\n')[1]).toBe('Niewyjaśniona waga: +420 g; tolerancja: ±50 g.');
    expect(compose('temperature', 'ua').text.split('\n')[1]).toBe(
      'Температура: 11,5 °C; межа: 8 °C (найвища допустима).',
    );
  });
});
