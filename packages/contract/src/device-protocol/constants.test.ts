import { describe, expect, it } from 'vitest';
import {
  DEVICE_RECONNECT_MAX_MS,
  DEVICE_RECONNECT_MIN_MS,
  DEVICE_RECONNECT_SPREAD_MS,
  deviceReconnectDelayMs,
} from './constants.js';

/** A fixed sequence of "random" numbers, repeated. */
const sequence = (...values: number[]) => {
  let index = 0;
  return () => values[index++ % values.length]!;
};

describe('deviceReconnectDelayMs', () => {
  it('spreads the first retry of a fleet over the spread, on top of 1 s ±20 %', () => {
    expect(deviceReconnectDelayMs(0, sequence(0, 0))).toBe(DEVICE_RECONNECT_MIN_MS * 0.8);
    expect(deviceReconnectDelayMs(0, sequence(0.5, 0.5))).toBe(
      DEVICE_RECONNECT_MIN_MS + DEVICE_RECONNECT_SPREAD_MS / 2,
    );
    const fleet = Array.from({ length: 1000 }, (_, i) => deviceReconnectDelayMs(0, sequence(i / 1000, 0.5)));
    // Evenly: about a tenth of the fleet in each tenth of the spread.
    const firstTenth = fleet.filter((delay) => delay < DEVICE_RECONNECT_MIN_MS + DEVICE_RECONNECT_SPREAD_MS / 10);
    expect(firstTenth).toHaveLength(100);
  });

  it('doubles later retries with ±20 % and no spread, capped at a minute', () => {
    expect(deviceReconnectDelayMs(1, sequence(0.5, 0.99))).toBe(2 * DEVICE_RECONNECT_MIN_MS);
    expect(deviceReconnectDelayMs(3, sequence(1 - Number.EPSILON))).toBe(Math.round(8 * DEVICE_RECONNECT_MIN_MS * 1.2));
    expect(deviceReconnectDelayMs(20, sequence(0.5))).toBe(DEVICE_RECONNECT_MAX_MS);
  });
});
