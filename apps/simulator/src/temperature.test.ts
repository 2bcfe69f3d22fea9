import { describe, expect, it } from 'vitest';
import { seededRandom } from './random.js';
import { DEFAULT_TEMPERATURE_OPTIONS, initialTemperature, reading, stepTemperature } from './temperature.js';

const STEP_MS = 10_000;
const options = DEFAULT_TEMPERATURE_OPTIONS;

/** Runs the model for `hours`, sampling every step. */
function simulate(hours: number, setup: { excursion?: boolean; doorOpen?: (t: number) => boolean } = {}) {
  const random = seededRandom(7);
  let state = { ...initialTemperature(options, 0, random), excursion: setup.excursion ?? false };
  const samples: { t: number; celsius: number; defrosting: boolean }[] = [];
  for (let t = STEP_MS; t <= hours * 3_600_000; t += STEP_MS) {
    state = stepTemperature(
      state,
      { dtMs: STEP_MS, now: t, isDoorOpen: setup.doorOpen?.(t) ?? false },
      options,
      random,
    );
    samples.push({ t, celsius: reading(state), defrosting: state.defrosting });
  }
  return samples;
}

describe('temperature model', () => {
  it('holds 4 ± 1 °C between defrosts', () => {
    const samples = simulate(24);
    // Skip the first half hour and the hour after each defrost, when the cabinet recovers.
    const defrostEnds = samples.filter((s, i) => i > 0 && !s.defrosting && samples[i - 1]!.defrosting).map((s) => s.t);
    const steady = samples.filter(
      (s) => s.t > 1_800_000 && !s.defrosting && !defrostEnds.some((end) => s.t >= end && s.t < end + 3_600_000),
    );
    expect(steady.length).toBeGreaterThan(1000);
    for (const sample of steady) expect(sample.celsius).toBeGreaterThanOrEqual(2.8);
    for (const sample of steady) expect(sample.celsius).toBeLessThanOrEqual(5.2);
  });

  it('defrosts every six hours for twenty minutes, a few degrees warmer', () => {
    const samples = simulate(24);
    const starts = samples.filter((s, i) => s.defrosting && (i === 0 || !samples[i - 1]!.defrosting));
    expect(starts.length).toBeGreaterThanOrEqual(3);
    expect(starts.length).toBeLessThanOrEqual(5);
    for (let i = 1; i < starts.length; i++)
      expect(starts[i]!.t - starts[i - 1]!.t).toBeCloseTo(6 * 3_600_000 + 20 * 60_000, -5);
    const first = starts[0]!;
    const during = samples.filter((s) => s.t >= first.t && s.t < first.t + 20 * 60_000);
    expect(during.every((s) => s.defrosting)).toBe(true);
    const before = samples.find((s) => s.t === first.t - STEP_MS)?.celsius ?? options.setpoint;
    expect(Math.max(...during.map((s) => s.celsius)) - before).toBeGreaterThan(2);
  });

  it('warms while the door is open', () => {
    const closed = simulate(2);
    const open = simulate(2, { doorOpen: (t) => t > 3_600_000 && t < 3_600_000 + 10 * 60_000 });
    const at = (samples: typeof closed) => samples.find((s) => s.t === 3_600_000 + 10 * 60_000)!.celsius;
    expect(at(open) - at(closed)).toBeGreaterThan(1);
  });

  it('an excursion rises above the limit and stays there', () => {
    const samples = simulate(6, { excursion: true });
    const later = samples.filter((s) => s.t > 3_600_000);
    expect(later.every((s) => s.celsius > 8)).toBe(true);
  });
});
