import { z } from 'zod';
import { DEVICE_COMMAND_STATUSES, DEVICE_COMMAND_TYPES } from '../device-protocol/commands.js';
import { DEVICE_MAX_SHELVES } from '../device-protocol/constants.js';
import { listOf, ZId, ZTimestamp } from './common.js';

/** What an operator asks a micromarket to do; the server adds the device's params. */
export const ZSendDeviceCommand = z.discriminatedUnion('type', [
  z.object({ type: z.literal('open_door') }),
  z.object({ type: z.literal('rescan') }),
  z.object({ type: z.literal('calibrate_shelf'), shelf: z.int().min(1).max(DEVICE_MAX_SHELVES) }),
  z.object({ type: z.literal('update_price_tags') }),
  z.object({ type: z.literal('neuro_background') }),
  z.object({ type: z.literal('accelerometer_check') }),
  z.object({ type: z.literal('reboot') }),
]);
export type TSendDeviceCommand = z.infer<typeof ZSendDeviceCommand>;

export const ZDeviceCommand = z.object({
  id: z.uuid(),
  micromarket_id: z.number().int(),
  type: z.enum(DEVICE_COMMAND_TYPES),
  params: z.record(z.string(), z.unknown()),
  status: z.enum(DEVICE_COMMAND_STATUSES),
  attempts: z.number().int(),
  requested_by: z.number().int().nullable(),
  /** Who asked, as recorded when it was queued: a panel user's email, a link's or a job's label. */
  requested_by_label: z.string().nullable(),
  group_id: z.number().int().nullable(),
  created_at: ZTimestamp,
  sent_at: ZTimestamp.nullable(),
  finished_at: ZTimestamp.nullable(),
  expires_at: ZTimestamp,
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  /** The outcome in the caller's language where the spec words one (accelerometer: §8). */
  message: z.string().nullable(),
});
export type TDeviceCommand = z.infer<typeof ZDeviceCommand>;
export const ZDeviceCommandList = listOf(ZDeviceCommand);

/** The answer to a send: the queued command and what to tell the operator (§8 texts). */
export const ZSentDeviceCommand = z.object({ command: ZDeviceCommand, message: z.string() });

export const ZSentGroupCommand = z.object({
  items: z.array(
    z.object({
      micromarket_id: ZId,
      /** Null when this micromarket refused the command (see message). */
      command_id: z.uuid().nullable(),
      message: z.string(),
    }),
  ),
  sent: z.number().int(),
  refused: z.number().int(),
});

export const ZGatewayStats = z.object({
  broker: z.enum(['embedded', 'external', 'rabbitmq', 'off']),
  received: z.number().int(),
  accepted: z.number().int(),
  clock_skew: z.number().int(),
  auth_failures: z.number().int(),
  /** Accepted telemetry samples not stored: the database was too far behind, or refused their batch. */
  telemetry_dropped: z.number().int(),
  /** Lines of micromarket history from device messages not stored: their batch was refused or too many waited. */
  events_dropped: z.number().int(),
  /** QoS 1 messages handled after a later one of the same device (within §3's window of 32). */
  out_of_order: z.number().int(),
  rejected: z.record(z.string(), z.number().int()),
});
