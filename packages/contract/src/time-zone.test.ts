import { describe, expect, it } from 'vitest';
import { formatWallTime, isTimeZone, monthStartIn, parseWallTime } from './time-zone.js';

describe('organisation clocks', () => {
  it('reads a datetime-local value on the organisation’s clock, summer and winter', () => {
    expect(parseWallTime('2026-07-01T09:30', 'Europe/Kyiv')?.toISOString()).toBe('2026-07-01T06:30:00.000Z');
    expect(parseWallTime('2026-01-15T09:30', 'Europe/Kyiv')?.toISOString()).toBe('2026-01-15T07:30:00.000Z');
    expect(parseWallTime('2026-01-15T09:30', 'Europe/Warsaw')?.toISOString()).toBe('2026-01-15T08:30:00.000Z');
  });

  it('moves a time skipped by the spring change past the gap and takes the first of a repeated one', () => {
    // Warsaw skips 02:00–03:00 on 2026-03-29 (02:30 is read as 03:30 CEST) and repeats 02:00–03:00 on 2026-10-25.
    expect(parseWallTime('2026-03-29T02:30', 'Europe/Warsaw')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(parseWallTime('2026-10-25T02:30', 'Europe/Warsaw')?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('refuses what is not a wall time', () => {
    for (const text of ['2026-02-30T10:00', '2026-13-01T10:00', '2026-01-01T24:00', '2026-01-01 10:00', '']) {
      expect(parseWallTime(text, 'Europe/Kyiv')).toBeNull();
    }
  });

  it('shows an instant as the organisation’s wall clock', () => {
    expect(formatWallTime(new Date('2026-07-01T21:05:00Z'), 'Europe/Kyiv')).toBe('2026-07-02T00:05');
  });

  it('starts the month at local midnight of its first day', () => {
    // 23:30 UTC on 31 May is already 1 June in Kyiv.
    expect(monthStartIn(new Date('2026-05-31T23:30:00Z'), 'Europe/Kyiv').toISOString()).toBe(
      '2026-05-31T21:00:00.000Z',
    );
    expect(monthStartIn(new Date('2026-05-31T20:30:00Z'), 'Europe/Kyiv').toISOString()).toBe(
      '2026-04-30T21:00:00.000Z',
    );
  });

  it('knows IANA zones and nothing else', () => {
    expect(isTimeZone('Europe/Kyiv')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
