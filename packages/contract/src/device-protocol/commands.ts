import { z } from 'zod';
import {
  ACCELEROMETER_MAX_TILT_DEGREES,
  DEVICE_MAX_SHELVES,
  DEVICE_PROTOCOL_VERSION,
  NEURO_BACKGROUND_TIMING,
} from './constants.js';

export const DEVICE_COMMAND_TYPES = [
  'open_door',
  'rescan',
  'calibrate_shelf',
  'update_price_tags',
  'neuro_background',
  'accelerometer_check',
  'reboot',
] as const;
export type DeviceCommandType = (typeof DEVICE_COMMAND_TYPES)[number];

export const DEVICE_COMMAND_STATUSES = ['queued', 'sent', 'acknowledged', 'failed', 'expired'] as const;
export type DeviceCommandStatus = (typeof DEVICE_COMMAND_STATUSES)[number];

/**
 * How long a command may wait for the device before it expires unanswered. Rescan: up to
 * 2 minutes (§9); opening the door only makes sense while the person is still there.
 */
export const DEVICE_COMMAND_EXPIRY_MS: Record<DeviceCommandType, number> = {
  open_door: 60_000,
  rescan: 2 * 60_000,
  calibrate_shelf: 5 * 60_000,
  update_price_tags: 60 * 60_000,
  neuro_background: 5 * 60_000,
  accelerometer_check: 2 * 60_000,
  reboot: 10 * 60_000,
};

export const ZPriceTagUpdate = z.object({
  label_code: z.string().min(1).max(64),
  product_id: z.int().nullable(),
  product_name: z.string().max(200).nullable(),
  /** Minor units (kopiyka, grosz, cent); null clears the label. */
  price_minor: z.int().min(0).nullable(),
  currency: z.string().length(3),
});

/** What the device receives for each type under `params`. */
export const ZDeviceCommandParams = {
  open_door: z.object({ session_kind: z.enum(['customer', 'courier', 'service']) }),
  rescan: z.object({}),
  calibrate_shelf: z.object({ shelf: z.int().min(1).max(DEVICE_MAX_SHELVES) }),
  update_price_tags: z.object({ tags: z.array(ZPriceTagUpdate).max(500) }),
  neuro_background: z.object({
    beep_ms: z.literal(NEURO_BACKGROUND_TIMING.beepMs),
    open_wait_ms: z.literal(NEURO_BACKGROUND_TIMING.openWaitMs),
  }),
  accelerometer_check: z.object({}),
  reboot: z.object({}),
} as const satisfies Record<DeviceCommandType, z.ZodType>;

/** `vitrina/{serial}/commands`: one command; `id` is what the device de-duplicates on. */
export const ZDeviceCommandMessage = z.object({
  v: z.literal(DEVICE_PROTOCOL_VERSION),
  id: z.uuid(),
  type: z.enum(DEVICE_COMMAND_TYPES),
  params: z.record(z.string(), z.unknown()),
  /** Server time (ms since epoch) the command was issued and after which it must not run. */
  issued_at: z.int(),
  expires_at: z.int(),
});
export type TDeviceCommandMessage = z.infer<typeof ZDeviceCommandMessage>;

/** The `result` of a `done` acknowledgement, per type (others send `{}`). */
export const ZDeviceCommandResult = {
  accelerometer_check: z.object({ tilt_degrees: z.number().min(0).max(90) }),
  calibrate_shelf: z.object({ weight_grams: z.int() }),
  rescan: z.object({ tags: z.int().min(0).optional() }),
} as const;

/** §8: the tilt "needs adjusting" above the limit and "is correct" at or below it. */
export function isTiltCorrect(tiltDegrees: number): boolean {
  return tiltDegrees <= ACCELEROMETER_MAX_TILT_DEGREES;
}
