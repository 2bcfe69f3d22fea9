import type { TSensorCheck } from '@vitrina/contract';

/**
 * Where a sale's cross-sensor check stands: `disputed` waits for an operator (the sale is not
 * charged), `resolved` was settled by a correction, `agreed` needs no one.
 */
export type SensorCheckState = 'disputed' | 'resolved' | 'agreed';

export function sensorCheckState(check: TSensorCheck): SensorCheckState {
  if (check.disagreements.length === 0) return 'agreed';
  return check.resolved_at ? 'resolved' : 'disputed';
}

/** Whether a shelf lost more or less than its counted items weigh, beyond the session's tolerance. */
export function isShelfOff(shelf: TSensorCheck['shelves'][number], toleranceGrams: number): boolean {
  return Math.abs(shelf.measured_grams - shelf.expected_grams) > toleranceGrams;
}
