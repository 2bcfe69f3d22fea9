import { describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLDS, judgeTemperature, mayResetLock, unexplainedGrams } from './alert-rules.js';

const t0 = new Date('2026-11-22T10:00:00Z');
const minutes = (m: number) => new Date(t0.getTime() + m * 60_000);
const calm = { previous: 4, overheatSince: null, lockedAt: null };

describe('judgeTemperature', () => {
  it('leaves a fridge in range alone', () => {
    expect(judgeTemperature(5, t0, calm, DEFAULT_THRESHOLDS)).toEqual({
      overheatSince: null,
      excursion: null,
      lock: false,
    });
  });

  it('opens one incident when the temperature leaves the range, not one per reading', () => {
    const first = judgeTemperature(9, t0, calm, DEFAULT_THRESHOLDS);
    expect(first).toEqual({ overheatSince: t0, excursion: 'high', lock: false });
    const next = judgeTemperature(
      9.5,
      minutes(1),
      { previous: 9, overheatSince: t0, lockedAt: null },
      DEFAULT_THRESHOLDS,
    );
    expect(next).toEqual({ overheatSince: t0, excursion: null, lock: false });
  });

  it('treats a freezing fridge as an excursion without a lock', () => {
    expect(judgeTemperature(0.5, t0, calm, DEFAULT_THRESHOLDS)).toEqual({
      overheatSince: null,
      excursion: 'low',
      lock: false,
    });
  });

  it('locks once the allowed time above the limit has passed, and only once', () => {
    const state = { previous: 9, overheatSince: t0, lockedAt: null };
    expect(judgeTemperature(9, minutes(119), state, DEFAULT_THRESHOLDS).lock).toBe(false);
    expect(judgeTemperature(9, minutes(120), state, DEFAULT_THRESHOLDS).lock).toBe(true);
    expect(judgeTemperature(9, minutes(121), { ...state, lockedAt: minutes(120) }, DEFAULT_THRESHOLDS).lock).toBe(
      false,
    );
  });

  it('starts the clock again after the fridge was back in range', () => {
    const back = judgeTemperature(
      6,
      minutes(100),
      { previous: 9, overheatSince: t0, lockedAt: null },
      DEFAULT_THRESHOLDS,
    );
    expect(back.overheatSince).toBeNull();
    const again = judgeTemperature(
      9,
      minutes(101),
      { previous: 6, overheatSince: null, lockedAt: null },
      DEFAULT_THRESHOLDS,
    );
    expect(again).toEqual({ overheatSince: minutes(101), excursion: 'high', lock: false });
  });

  it('follows the organisation’s own limits', () => {
    const strict = { ...DEFAULT_THRESHOLDS, temperatureMax: 5, lockAfterMinutes: 0 };
    expect(judgeTemperature(6, t0, calm, strict)).toEqual({ overheatSince: t0, excursion: 'high', lock: true });
  });
});

describe('mayResetLock', () => {
  it('allows a reset only with a known reading within the maximum', () => {
    expect(mayResetLock(7.9, DEFAULT_THRESHOLDS)).toBe(true);
    expect(mayResetLock(8.1, DEFAULT_THRESHOLDS)).toBe(false);
    expect(mayResetLock(null, DEFAULT_THRESHOLDS)).toBe(false);
  });
});

describe('unexplainedGrams', () => {
  it('is what left the shelves minus what the detections explain', () => {
    expect(unexplainedGrams([1000, 500], [700, 500], 300)).toBe(0);
    expect(unexplainedGrams([1000, 500], [600, 450], 300)).toBe(150);
    expect(unexplainedGrams([1000], [1100], 0)).toBe(-100);
  });

  it('is unknown without both weighings of every shelf', () => {
    expect(unexplainedGrams(null, [1], 0)).toBeNull();
    expect(unexplainedGrams([1, 2], [1], 0)).toBeNull();
    expect(unexplainedGrams([null], [null], 0)).toBeNull();
  });

  it('leaves out shelves without a scale', () => {
    expect(unexplainedGrams([1000, null], [900, null], 100)).toBe(0);
  });
});
