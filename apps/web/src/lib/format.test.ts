import { describe, expect, it } from 'vitest';
import {
  buildMapsLink,
  formatCompactNumber,
  formatCount,
  formatDateUtc,
  formatDuration,
  formatRelativeTime,
  formatWeekday,
  isExternal,
  linkAttributes,
} from './format';

const NOW = Date.UTC(2025, 0, 10, 12, 0, 0);

describe('formatRelativeTime', () => {
  it('says now under a minute', () => {
    expect(formatRelativeTime(NOW - 20_000, { now: NOW })).toBe('now');
  });
  it('counts minutes, hours and days', () => {
    expect(formatRelativeTime(NOW - 5 * 60_000, { now: NOW })).toBe('5 minutes ago');
    expect(formatRelativeTime(NOW - 3 * 3_600_000, { now: NOW })).toBe('3 hours ago');
    expect(formatRelativeTime(NOW - 4 * 86_400_000, { now: NOW })).toBe('4 days ago');
  });
  it('speaks the interface language', () => {
    expect(formatRelativeTime(NOW - 2 * 3_600_000, { now: NOW, locale: 'pl' })).toBe('2 godziny temu');
  });
  it('returns an empty string for an invalid date', () => {
    expect(formatRelativeTime('not a date', { now: NOW })).toBe('');
  });
});

describe('formatCompactNumber', () => {
  it('keeps small numbers', () => {
    expect(formatCompactNumber(0)).toBe('0');
    expect(formatCompactNumber(999)).toBe('999');
  });
  it('uses k, M, G, T, P, E', () => {
    expect(formatCompactNumber(1_234)).toBe('1.2k');
    expect(formatCompactNumber(5_600_000)).toBe('5.6M');
    expect(formatCompactNumber(2e9)).toBe('2G');
    expect(formatCompactNumber(3e12)).toBe('3T');
    expect(formatCompactNumber(4e15)).toBe('4P');
    expect(formatCompactNumber(7e18)).toBe('7E');
  });
  it('keeps the sign', () => {
    expect(formatCompactNumber(-1_500)).toBe('-1.5k');
  });
});

describe('formatDateUtc', () => {
  it('prints UTC with the +00:00 offset', () => {
    expect(formatDateUtc('2024-05-01T09:30:00Z')).toBe('2024-05-01 09:30 +00:00');
    expect(formatDateUtc('2024-05-01T23:30:00-02:00')).toBe('2024-05-02 01:30 +00:00');
  });
});

describe('buildMapsLink', () => {
  it('builds a search link', () => {
    expect(buildMapsLink(' Khreshchatyk 1, Kyiv ')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Khreshchatyk%201%2C%20Kyiv',
    );
  });
});

describe('isExternal', () => {
  it('recognises http, https, mailto and tel', () => {
    for (const link of ['http://a.b', 'https://a.b', 'mailto:a@b.c', 'tel:+380501234567']) {
      expect(isExternal(link)).toBe(true);
    }
  });
  it('keeps panel paths internal', () => {
    expect(isExternal('/user/list')).toBe(false);
    expect(isExternal('ftp://x')).toBe(false);
  });
});

describe('formatDuration', () => {
  it('names seconds, minutes, hours and days, leaving out what is zero', () => {
    expect(formatDuration(45_000)).toBe('45 sec');
    expect(formatDuration(12 * 60_000)).toBe('12 min');
    expect(formatDuration(3 * 3_600_000 + 5 * 60_000)).toBe('3 hr 5 min');
    expect(formatDuration(2 * 86_400_000 + 4 * 3_600_000 + 7 * 60_000)).toBe('2 days 4 hr');
  });
});

describe('formatWeekday', () => {
  it('names ISO days of the week in the locale, Monday first', () => {
    expect(formatWeekday(1, 'en')).toBe('Mon');
    expect(formatWeekday(7, 'en')).toBe('Sun');
    expect(formatWeekday(1, 'pl')).toBe('pon.');
  });
});

describe('formatCount', () => {
  it('shows every digit, grouped in the locale, below ten thousand', () => {
    expect(formatCount(9_999)).toBe('9,999');
    expect(formatCount(1_234, 'ua')).toBe('1\u00a0234');
  });

  it('compacts larger figures with the §9 suffixes', () => {
    expect(formatCount(12_345)).toBe('12.3k');
    expect(formatCount(5_600_000, 'pl')).toBe('5.6M');
    expect(formatCount(3.2e18)).toBe('3.2E');
  });
});

describe('linkAttributes', () => {
  it('opens web links in a new tab that cannot reach back', () => {
    expect(linkAttributes(' https://maps.example/x ')).toEqual({
      href: 'https://maps.example/x',
      target: '_blank',
      rel: 'noopener noreferrer',
    });
  });

  it('leaves mailto, tel and panel paths in place', () => {
    expect(linkAttributes('mailto:a@b.c')).toEqual({ href: 'mailto:a@b.c' });
    expect(linkAttributes('tel:+380501234567')).toEqual({ href: 'tel:+380501234567' });
    expect(linkAttributes('/device/list')).toEqual({ href: '/device/list' });
  });
});
