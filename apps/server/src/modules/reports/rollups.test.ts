import { describe, expect, it } from 'vitest';
import { daysBetween, saleDay } from './rollups.js';

describe('sale day buckets', () => {
  it('puts a sale on the UTC day its door opened', () => {
    expect(saleDay(new Date('2026-03-01T23:59:59.999Z'))).toBe('2026-03-01');
    expect(saleDay(new Date('2026-03-02T00:00:00Z'))).toBe('2026-03-02');
    // 01:30 in Kyiv (UTC+2) is still the previous UTC day.
    expect(saleDay(new Date('2026-03-02T01:30:00+02:00'))).toBe('2026-03-01');
  });

  it('lists the days of a period, both ends included, across a month end', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysBetween('2026-03-01', '2026-03-01')).toEqual(['2026-03-01']);
    expect(daysBetween('2026-03-02', '2026-03-01')).toEqual([]);
    expect(() => daysBetween('2026-3-1', '2026-03-02')).toThrow();
  });
});
