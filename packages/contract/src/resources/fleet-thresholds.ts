import { z } from 'zod';
import type { MessageKey } from '../messages.js';
import { ZId, ZIdQuery } from './common.js';

// Thresholds per organisation.

export const ZFleetThresholds = z.object({
  org_id: z.number().int(),
  temperature_min: z.number(),
  temperature_max: z.number(),
  lock_after_minutes: z.number().int(),
  door_open_timeout_seconds: z.number().int(),
  weight_tolerance_grams: z.number().int(),
  /** No row of its own: the defaults apply. */
  is_default: z.boolean(),
});
export type TFleetThresholds = z.infer<typeof ZFleetThresholds>;
export const ZThresholdsQuery = z.object({ org_id: ZIdQuery });
const thresholdTemperature = z
  .number({ error: 'validation.threshold_temperature' })
  .min(-30, { error: 'validation.threshold_temperature' })
  .max(30, { error: 'validation.threshold_temperature' });
/** How long an unlocked door may wait to be opened, at most (seconds). */
export const DOOR_OPEN_TIMEOUT_MAX_S = 600;
const wholeBetween = (min: number, max: number, error: MessageKey) =>
  z.int({ error }).min(min, { error }).max(max, { error });
export const ZUpdateThresholds = z
  .object({
    org_id: ZId.optional(),
    temperature_min: thresholdTemperature,
    temperature_max: thresholdTemperature,
    /** 0: lock at the first reading above the limit (strict food-safety policies). */
    lock_after_minutes: wholeBetween(0, 10_080, 'validation.lock_after_minutes'),
    door_open_timeout_seconds: wholeBetween(5, DOOR_OPEN_TIMEOUT_MAX_S, 'validation.door_open_timeout'),
    weight_tolerance_grams: wholeBetween(0, 100_000, 'validation.weight_tolerance'),
  })
  .refine((value) => value.temperature_min < value.temperature_max, {
    path: ['temperature_max'],
    message: 'validation.range_order',
  });
export const DEFAULT_FLEET_THRESHOLDS = {
  temperature_min: 2,
  temperature_max: 8,
  lock_after_minutes: 120,
  door_open_timeout_seconds: 30,
  weight_tolerance_grams: 50,
} as const;
