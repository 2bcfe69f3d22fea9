import { describe, expect, it } from 'vitest';
import { arrangeRows } from './report-rows.js';
import { latestDuePeriod } from './report-schedule.js';

const at = (iso: string) => new Date(iso);

describe('the latest due period of a schedule', () => {
  it('is the day before, from the hour on the owner’s clock', () => {
    const daily = { frequency: 'daily' as const, timeZone: 'Europe/Warsaw', hour: 7 };
    // 06:30 in Warsaw: today's 07:00 is ahead, so yesterday's mail (for the day before) is the latest.
    expect(latestDuePeriod(daily, at('2026-03-10T05:30:00Z'))).toEqual({
      start: '2026-03-08',
      end: '2026-03-08',
      dueAt: at('2026-03-09T06:00:00Z'),
    });
    expect(latestDuePeriod(daily, at('2026-03-10T06:00:00Z'))).toEqual({
      start: '2026-03-09',
      end: '2026-03-09',
      dueAt: at('2026-03-10T06:00:00Z'),
    });
  });

  it('follows the owner’s date across midnight UTC', () => {
    // 01:30 on 10 March in Kyiv is still 9 March in UTC.
    const midnight = { frequency: 'daily' as const, timeZone: 'Europe/Kyiv', hour: 0 };
    expect(latestDuePeriod(midnight, at('2026-03-09T23:30:00Z'))).toMatchObject({
      start: '2026-03-09',
      dueAt: at('2026-03-09T22:00:00Z'),
    });
  });

  it('moves an hour the spring change skips forward by the gap', () => {
    // 02:00 does not exist in Warsaw on 29 March 2026: 03:00 local (01:00 UTC) stands for it.
    const early = { frequency: 'daily' as const, timeZone: 'Europe/Warsaw', hour: 2 };
    expect(latestDuePeriod(early, at('2026-03-29T01:30:00Z'))).toEqual({
      start: '2026-03-28',
      end: '2026-03-28',
      dueAt: at('2026-03-29T01:00:00Z'),
    });
  });

  it('is the week before, Monday to Sunday, from Monday’s hour', () => {
    const weekly = { frequency: 'weekly' as const, timeZone: 'Europe/Kyiv', hour: 8 };
    expect(latestDuePeriod(weekly, at('2026-03-16T06:10:00Z'))).toEqual({
      start: '2026-03-09',
      end: '2026-03-15',
      dueAt: at('2026-03-16T06:00:00Z'),
    });
    for (const before of ['2026-03-16T05:59:00Z', '2026-03-15T20:00:00Z', '2026-03-11T12:00:00Z']) {
      expect(latestDuePeriod(weekly, at(before)), before).toEqual({
        start: '2026-03-02',
        end: '2026-03-08',
        dueAt: at('2026-03-09T06:00:00Z'),
      });
    }
  });
});

describe('report rows', () => {
  const row = (key: string, label: string, currency: string, revenue: number) => ({
    key,
    label,
    currency,
    revenue,
    sales: 1,
    items: 1,
    refunds: 0,
    cost: 0,
    margin: revenue,
  });
  const rows = [row('3', 'Kraków', 'PLN', 500), row('10', 'Alpha', 'UAH', 100), row('2', 'Beta', 'UAH', 900)];

  it('come per currency, the reader’s own first, each sorted and cut on its own', () => {
    const options = { groupBy: 'micromarket' as const, ownCurrency: 'UAH' };
    // Ids sort as numbers: 2 before 10.
    expect(arrangeRows(rows, { ...options, sort: 'key' }).map((r) => r.key)).toEqual(['2', '10', '3']);
    expect(arrangeRows(rows, { ...options, sort: '-revenue', top: 1 }).map((r) => r.label)).toEqual(['Beta', 'Kraków']);
    expect(arrangeRows(rows, { ...options, sort: 'label', ownCurrency: 'PLN' }).map((r) => r.label)).toEqual([
      'Kraków',
      'Alpha',
      'Beta',
    ]);
  });
});
