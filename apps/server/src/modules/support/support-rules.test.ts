import { describe, expect, it } from 'vitest';
import { stateDurations } from './support-rules.js';

describe('time in each state', () => {
  it('adds up each stay, counts the current one to now and stops at the archive', () => {
    const events = [
      { status: 'new' as const, atMs: 0 },
      { status: 'in_work' as const, atMs: 1_000 },
      { status: 'new' as const, atMs: 3_000 },
      { status: 'in_work' as const, atMs: 3_500 },
    ];
    expect(stateDurations(events, 10_000)).toEqual({ new: 1_500, in_work: 8_500 });
    expect(stateDurations([...events, { status: 'resolved', atMs: 4_000 }], 10_000)).toEqual({
      new: 1_500,
      in_work: 2_500,
      resolved: 0,
    });
  });
});
