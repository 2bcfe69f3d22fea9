import { DEFAULT_FLEET_THRESHOLDS, type TFleetThresholds } from '@vitrina/contract';

/** The rules behind technical alerts and the food-safety lock, as pure functions of what was measured. */

export type Thresholds = {
  temperatureMin: number;
  temperatureMax: number;
  /** Minutes above temperatureMax before customers are locked out. */
  lockAfterMinutes: number;
  doorOpenTimeoutSeconds: number;
  weightToleranceGrams: number;
};

/** The rules' view of an organisation's thresholds (as the micromarkets module's readThresholds answers them). */
export function ruleThresholds(fleet: Omit<TFleetThresholds, 'org_id' | 'is_default'>): Thresholds {
  return {
    temperatureMin: fleet.temperature_min,
    temperatureMax: fleet.temperature_max,
    lockAfterMinutes: fleet.lock_after_minutes,
    doorOpenTimeoutSeconds: fleet.door_open_timeout_seconds,
    weightToleranceGrams: fleet.weight_tolerance_grams,
  };
}

/** The contract's defaults (what the thresholds endpoint shows for an organisation without its own). */
export const DEFAULT_THRESHOLDS: Thresholds = ruleThresholds(DEFAULT_FLEET_THRESHOLDS);

export type TemperatureState = {
  /** The temperature before this reading; null when none was known. */
  previous: number | null;
  overheatSince: Date | null;
  lockedAt: Date | null;
};

export type TemperatureVerdict = {
  /** The new value of `overheat_since`. */
  overheatSince: Date | null;
  /** A new excursion out of range started with this reading: one alert per incident. */
  excursion: 'high' | 'low' | null;
  /** The reading completes the allowed time above the limit: lock now. */
  lock: boolean;
};

const outOfRange = (value: number | null, t: Thresholds): 'high' | 'low' | null => {
  if (value === null) return null;
  if (value > t.temperatureMax) return 'high';
  if (value < t.temperatureMin) return 'low';
  return null;
};

/**
 * One temperature reading against the organisation's limits. While the fridge is above the
 * maximum, `overheatSince` keeps the start of the excursion; once it has lasted
 * `lockAfterMinutes`, the micromarket is locked (once). Back in range clears the start but
 * not the lock: an operator resets it.
 */
export function judgeTemperature(
  temperature: number,
  at: Date,
  state: TemperatureState,
  thresholds: Thresholds,
): TemperatureVerdict {
  const now = outOfRange(temperature, thresholds);
  const before = outOfRange(state.previous, thresholds);
  const excursion = now !== null && now !== before ? now : null;
  if (now !== 'high') return { overheatSince: null, excursion, lock: false };
  const overheatSince = state.overheatSince ?? at;
  const lock =
    state.lockedAt === null && at.getTime() - overheatSince.getTime() >= thresholds.lockAfterMinutes * 60_000;
  return { overheatSince, excursion, lock };
}

/**
 * The quiet window of the flap debounce: an incident of a fridge that comes back
 * less than this after the same kind of incident ended (an alert resolved, the fridge back
 * online, the lock reset; when the end is not known, after it was last raised) is a flap. A
 * flap tells nobody again, neither the routes nor the bell: it is counted on the incident
 * already told (`flaps`, `last_flap_at`). Ten minutes: longer than a router's restart or a
 * compressor cycle around the limit, short enough that a fridge failing again after a real
 * repair is told again.
 */
export const FLAP_QUIET_WINDOW_MS = 10 * 60_000;

/** Whether an incident raised `at` is a flap of one that ended (or was last raised) at `quietSince`. */
export function isFlap(quietSince: Date | null, at: Date): boolean {
  return quietSince !== null && at.getTime() - quietSince.getTime() < FLAP_QUIET_WINDOW_MS;
}

/** Whether the lock may be lifted: the last reading is known and within the maximum. */
export function mayResetLock(temperature: number | null, thresholds: Thresholds): boolean {
  return temperature !== null && temperature <= thresholds.temperatureMax;
}

/**
 * Grams that left the shelves but no tag, weight or camera detection explains (positive:
 * more left than was taken; negative: more appeared). Shelves without a scale (null) are
 * left out; null when no shelf was weighed both before and after.
 */
export function unexplainedGrams(
  weightsBefore: readonly (number | null)[] | null,
  weightsAfter: readonly (number | null)[] | null,
  explainedGrams: number,
): number | null {
  if (!weightsBefore || !weightsAfter || weightsBefore.length !== weightsAfter.length) return null;
  let left = 0;
  let weighed = 0;
  weightsBefore.forEach((before, shelf) => {
    const after = weightsAfter[shelf];
    if (before === null || after === null || after === undefined) return;
    left += before - after;
    weighed += 1;
  });
  return weighed === 0 ? null : left - explainedGrams;
}
