import { z } from 'zod';
import { listOf, optionalQuery, searchQuery, ZPageQuery, ZTimestamp } from './common.js';

// A micromarket's history.

export const ZDeviceEvent = z.object({
  id: z.number().int(),
  at: ZTimestamp,
  kind: z.string(),
  details: z.record(z.string(), z.unknown()),
  actor_label: z.string().nullable(),
});
export type TDeviceEvent = z.infer<typeof ZDeviceEvent>;
/**
 * Every kind of line a micromarket's history holds: the panel's changes, the device
 * gateway's reports, commands, alerts and the food-safety lock. The history filter offers
 * these; a writer of a new kind adds it here.
 */
export const DEVICE_EVENT_KINDS = [
  'created',
  'updated',
  'token_rotated',
  'settings_changed',
  'settings_copied',
  'shelf_created',
  'shelf_updated',
  'shelf_deleted',
  'discount_created',
  'discount_deleted',
  'price_set',
  'price_deleted',
  'price_tag_created',
  'price_tag_updated',
  'price_tag_deleted',
  'connected',
  'disconnected',
  'door_opened',
  'door_closed',
  'door_session_opened',
  'door_session_closed',
  'tags_placed',
  'command_queued',
  'command_acknowledged',
  'command_failed',
  'command_expired',
  'alert',
  'locked',
  'lock_reset',
  'neuro_connection',
] as const;
export const ZListDeviceEventsQuery = ZPageQuery.extend({
  kind: optionalQuery(z.enum(DEVICE_EVENT_KINDS)),
  /** On or after / before the end of this day (UTC), both inclusive. */
  from: optionalQuery(z.iso.date()),
  to: optionalQuery(z.iso.date()),
  /** Part of who acted or of the details, any case. */
  q: searchQuery(100),
});
export const ZDeviceEventList = listOf(ZDeviceEvent);
