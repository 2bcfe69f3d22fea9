import type { Random } from './random.js';

export type TemperatureOptions = {
  /** Where the compressor holds the cabinet, °C. */
  setpoint: number;
  /** How far the cabinet wanders around the setpoint, °C. */
  wander: number;
  defrostEveryMs: number;
  defrostForMs: number;
  /** How much warmer a defrost makes the cabinet, °C. */
  defrostRise: number;
  /** How much warmer an open door makes it, °C. */
  doorRise: number;
  /** An excursion settles here, above any sensible food-safety limit. */
  excursionTarget: number;
};

export const DEFAULT_TEMPERATURE_OPTIONS: TemperatureOptions = {
  setpoint: 4,
  wander: 1,
  defrostEveryMs: 6 * 3_600_000,
  defrostForMs: 20 * 60_000,
  defrostRise: 3.5,
  doorRise: 2.5,
  excursionTarget: 11,
};

/** Minutes the cabinet takes to cover about two thirds of the way to where it is heading. */
const TIME_CONSTANT_MS = 6 * 60_000;

export type TemperatureState = {
  celsius: number;
  /** The slowly drifting point the compressor is holding now. */
  drift: number;
  defrosting: boolean;
  /** World time of the next defrost's start, or of the running one's end. */
  nextDefrostChangeAt: number;
  excursion: boolean;
};

export function initialTemperature(options: TemperatureOptions, now: number, random: Random): TemperatureState {
  return {
    celsius: options.setpoint + (random() - 0.5) * options.wander,
    drift: 0,
    defrosting: false,
    // Fridges of one fleet do not all defrost at the same moment.
    nextDefrostChangeAt: now + random() * options.defrostEveryMs,
    excursion: false,
  };
}

/**
 * Moves the model `dtMs` forward to world time `now`: the defrost cycle, a slow random drift
 * of the setpoint within ±wander, and a first-order approach to the target.
 */
export function stepTemperature(
  state: TemperatureState,
  input: { dtMs: number; now: number; isDoorOpen: boolean },
  options: TemperatureOptions,
  random: Random,
): TemperatureState {
  let { defrosting, nextDefrostChangeAt } = state;
  if (input.now >= nextDefrostChangeAt) {
    defrosting = !defrosting;
    nextDefrostChangeAt = input.now + (defrosting ? options.defrostForMs : options.defrostEveryMs);
  }
  const drift = clamp(
    state.drift + (random() - 0.5) * 0.1 * Math.sqrt(input.dtMs / 60_000),
    -options.wander,
    options.wander,
  );
  let target = options.setpoint + drift;
  if (defrosting) target += options.defrostRise;
  if (input.isDoorOpen) target += options.doorRise;
  if (state.excursion) target = Math.max(target, options.excursionTarget);
  const share = 1 - Math.exp(-input.dtMs / TIME_CONSTANT_MS);
  const celsius = state.celsius + (target - state.celsius) * share;
  return { ...state, celsius, drift, defrosting, nextDefrostChangeAt };
}

/** What the sensor reports: tenths of a degree. */
export function reading(state: TemperatureState): number {
  return Math.round(state.celsius * 10) / 10;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
