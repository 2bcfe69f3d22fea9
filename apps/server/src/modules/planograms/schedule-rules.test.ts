import type { PlanogramScheduleStatus } from '@vitrina/contract';
import { describe, expect, it } from 'vitest';
import { dayOf, overlaps, scheduleStep } from './schedule-rules.js';

describe('planogram schedule rules', () => {
  // status, from, to, today → step
  const steps: [PlanogramScheduleStatus, string, string, string, 'start' | 'complete' | null][] = [
    [2, '2026-12-01', '2026-12-10', '2026-11-30', null],
    [2, '2026-12-01', '2026-12-10', '2026-12-01', 'start'],
    [2, '2026-12-01', '2026-12-10', '2026-12-10', 'start'],
    [2, '2026-12-01', '2026-12-10', '2026-12-11', 'complete'],
    [1, '2026-12-01', '2026-12-10', '2026-12-10', null],
    [1, '2026-12-01', '2026-12-10', '2026-12-11', 'complete'],
    [3, '2026-12-01', '2026-12-10', '2026-12-05', null],
    [4, '2026-12-01', '2026-12-10', '2026-12-05', null],
  ];
  it.each(steps)('status %i %s…%s on %s → %s', (status, dateFrom, dateTo, today, step) => {
    expect(scheduleStep({ status, dateFrom, dateTo }, today)).toBe(step);
  });

  const spans: [string, string, string, string, boolean][] = [
    ['2026-12-01', '2026-12-10', '2026-12-10', '2026-12-20', true],
    ['2026-12-01', '2026-12-10', '2026-12-11', '2026-12-20', false],
    ['2026-12-05', '2026-12-06', '2026-12-01', '2026-12-31', true],
    ['2026-12-01', '2026-12-01', '2026-11-01', '2026-11-30', false],
  ];
  it.each(spans)('%s…%s and %s…%s overlap: %s', (a1, a2, b1, b2, expected) => {
    expect(overlaps({ dateFrom: a1, dateTo: a2 }, { dateFrom: b1, dateTo: b2 })).toBe(expected);
    expect(overlaps({ dateFrom: b1, dateTo: b2 }, { dateFrom: a1, dateTo: a2 })).toBe(expected);
  });

  it('counts days in UTC', () => {
    expect(dayOf(new Date('2026-12-01T23:59:59.999Z'))).toBe('2026-12-01');
  });
});
