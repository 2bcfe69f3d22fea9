import { z } from 'zod';
import { hasOnlyStorableText, storableString } from '../resources/common.js';
import { DEVICE_MAX_SHELVES, DEVICE_MAX_TAGS_PER_MESSAGE, DEVICE_PROTOCOL_VERSION } from './constants.js';

/** Milliseconds since the Unix epoch, by the device's clock. */
const ZDeviceTime = z.int().min(0).max(8_640_000_000_000_000);
/**
 * Every free text a device sends: a NUL or a lone surrogate cannot be stored (PostgreSQL
 * refuses it), so the message is invalid input here rather than a database error later.
 * The other strings (tag codes, UUIDs, tokens, addresses) have patterns that refuse them.
 */
const ZDeviceText = storableString();
const ZShortText = ZDeviceText.min(1).max(64);
/** Free JSON from a device (a command's result): every string in it, keys too, as ZDeviceText. */
const ZDeviceJson = z
  .record(ZDeviceText, z.unknown())
  .refine(hasOnlyStorableText, { error: 'validation.text_chars', abort: true });
/** An RFID tag's code (EPC in hex or the label's own code). */
const ZTagCode = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
/** Grams per shelf, indexed by shelf number − 1; null for a shelf without a scale. */
const ZShelfWeights = z.array(z.int().min(-1_000_000).max(1_000_000).nullable()).max(DEVICE_MAX_SHELVES);

/**
 * Fields of every device message except `status`: protocol version, the device's clock at
 * publication, the boot counter (incremented at every power-on, kept in flash) and a sequence
 * number incremented per message within a boot. (boot, seq) orders messages and rejects replays.
 */
export const ZDeviceEnvelope = z.object({
  v: z.literal(DEVICE_PROTOCOL_VERSION),
  ts: ZDeviceTime,
  boot: z.int().min(0).max(2_147_483_647),
  seq: z.int().min(0).max(Number.MAX_SAFE_INTEGER),
});

/** `hello` (once per connection, first message) and `heartbeat` (every 30 s). */
export const ZDeviceHello = ZDeviceEnvelope.extend({
  ip: z.union([z.ipv4(), z.ipv6()]).optional(),
  mac: z.mac().optional(),
  firmware: ZShortText.optional(),
  platform: ZShortText.optional(),
});
export type TDeviceHello = z.infer<typeof ZDeviceHello>;
export const ZDeviceHeartbeat = ZDeviceHello;

/**
 * `status`: the last will (set at CONNECT) and the goodbye before a clean disconnect. It
 * carries the (boot, seq) of the connection's `hello`, so a stale will of an earlier
 * connection cannot mark a reconnected device offline.
 */
export const ZDeviceStatus = z.object({
  v: z.literal(DEVICE_PROTOCOL_VERSION),
  status: z.literal('offline'),
  boot: z.int().min(0).max(2_147_483_647),
  seq: z.int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export type TDeviceStatus = z.infer<typeof ZDeviceStatus>;

export const ZDeviceTelemetry = ZDeviceEnvelope.extend({
  /** °C inside the cabinet. */
  temperature: z.number().min(-50).max(100).nullable().optional(),
  defrosting: z.boolean().optional(),
  door: z.enum(['open', 'closed']).optional(),
  weights: ZShelfWeights.optional(),
  /** Degrees from level, from the accelerometer. */
  tilt: z.number().min(0).max(90).nullable().optional(),
});
export type TDeviceTelemetry = z.infer<typeof ZDeviceTelemetry>;

/** RFID tags the reader sees inside; a large inventory is sent as several messages. */
export const ZDeviceInventory = ZDeviceEnvelope.extend({
  tags: z.array(ZTagCode).max(DEVICE_MAX_TAGS_PER_MESSAGE),
});
export type TDeviceInventory = z.infer<typeof ZDeviceInventory>;

export const ZDetection = z.object({
  product_id: z.int().min(1).max(2_147_483_647),
  quantity: z.int().min(1).max(1000),
  source: z.enum(['weight', 'camera']),
  shelf: z.int().min(1).max(DEVICE_MAX_SHELVES).optional(),
});
export type TDetection = z.infer<typeof ZDetection>;

/**
 * One opening of the door: `opened` when it opens, `closed` with what was taken when it
 * closes. `id` is a UUID the device makes at opening and keeps for both messages.
 */
export const ZDeviceDoorSession = ZDeviceEnvelope.extend({
  id: z.uuid(),
  state: z.enum(['opened', 'closed']),
  kind: z.enum(['customer', 'courier', 'service']),
  /** The open_door command that opened it, if any. */
  command_id: z.uuid().optional(),
  /** Who is at the door, as the micromarket read it (app QR or card): a customer card's token. */
  customer_token: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
  opened_at: ZDeviceTime,
  closed_at: ZDeviceTime.optional(),
  taken_tags: z.array(ZTagCode).max(DEVICE_MAX_TAGS_PER_MESSAGE).default([]),
  detections: z.array(ZDetection).max(200).default([]),
  weights_before: ZShelfWeights.optional(),
  weights_after: ZShelfWeights.optional(),
});
export type TDeviceDoorSession = z.infer<typeof ZDeviceDoorSession>;

/** The device's answer to a command: `done` with a result, or `failed` with a reason. */
export const ZDeviceAck = ZDeviceEnvelope.extend({
  command_id: z.uuid(),
  status: z.enum(['done', 'failed']),
  result: ZDeviceJson.optional(),
  error: ZDeviceText.max(500).optional(),
});
export type TDeviceAck = z.infer<typeof ZDeviceAck>;

/**
 * `camera`: the neuro camera (payment by neuro) is connected to the device or not. Sent after
 * every `hello` and whenever it changes, at QoS 1: a micromarket that pays by neuro sells only
 * while its latest report says connected (§8 "no neuro connection").
 */
export const ZDeviceCamera = ZDeviceEnvelope.extend({
  connected: z.boolean(),
});
export type TDeviceCamera = z.infer<typeof ZDeviceCamera>;

/** The schema of each device → server channel. */
export const DEVICE_UPLINK_SCHEMAS = {
  hello: ZDeviceHello,
  heartbeat: ZDeviceHeartbeat,
  status: ZDeviceStatus,
  telemetry: ZDeviceTelemetry,
  inventory: ZDeviceInventory,
  'door-session': ZDeviceDoorSession,
  ack: ZDeviceAck,
  camera: ZDeviceCamera,
} as const;
