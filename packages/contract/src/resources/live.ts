import { z } from 'zod';
import type { Permission } from '../permissions.js';
import { optionalQuery } from './common.js';

/**
 * Live updates (DESIGN §8): what the panel's one event stream carries. An event names what
 * changed (a topic and an id) with a small summary; screens refetch or patch from it.
 * A topic is delivered to a signed-in user who holds one of its permissions, and only
 * for organisations the user may see.
 */
export const LIVE_TOPICS = {
  /** Connection, door, temperature, defrosting, lock of a micromarket. */
  'micromarket.state': ['show_device_page', 'show_fridge_display', 'show_courier_page', 'show_dubai_courier_page'],
  /** A device command changed state (queued, sent, acknowledged, failed, expired); couriers follow their door's. */
  'micromarket.command': ['show_device_page', 'show_courier_page', 'show_dubai_courier_page'],
  /** A technical alert opened, changed or resolved. */
  alert: ['show_technical_analytics_page', 'show_fridge_display', 'show_device_page'],
  /** A new line in the alert bell (a fleet notice), or the user's read marks changed. */
  notice: ['show_technical_analytics_page', 'show_fridge_display', 'show_device_page'],
  /** A sale was created, closed, settled, corrected or refunded. */
  transaction: ['show_transactions_page', 'show_report_page'],
  /** A support conversation got a comment or moved. */
  support: ['show_support_page'],
  /** A ticket got a comment, moved, or was reassigned. */
  ticket: ['show_ticket_system_page'],
} as const satisfies Record<string, readonly Permission[]>;
export type LiveTopic = keyof typeof LIVE_TOPICS;
export const LIVE_TOPIC_NAMES = Object.keys(LIVE_TOPICS) as LiveTopic[];

export const ZLiveEvent = z.object({
  topic: z.enum(LIVE_TOPIC_NAMES as [LiveTopic, ...LiveTopic[]]),
  org_id: z.number().int(),
  /** The changed row: a micromarket id, a command uuid, an alert id. */
  id: z.union([z.number().int(), z.string()]),
  /** A summary of the change, small enough for a notification (under 1 KiB). */
  data: z.record(z.string(), z.unknown()).optional(),
});
export type TLiveEvent = z.infer<typeof ZLiveEvent>;

/**
 * The server sends `event: <topic>` with the event as JSON, `event: resync` when events may
 * have been lost (the stream or the server's listener reconnected: refetch what is shown),
 * and a comment line as a heartbeat.
 */
export const LIVE_RESYNC = 'resync';
export const LIVE_HEARTBEAT_MS = 25_000;

export const ZLiveQuery = z.object({
  /** Comma-separated topics; unknown ones are refused, ones the user may not see are left out. */
  topics: optionalQuery(
    z
      .string()
      .max(200)
      .transform((value) => value.split(',').filter((topic) => topic !== ''))
      .pipe(z.array(z.enum(LIVE_TOPIC_NAMES as [LiveTopic, ...LiveTopic[]]), { error: 'validation.invalid' }).min(1)),
  ),
});

/** Declared for OpenAPI: the stream's answer is `text/event-stream`, not JSON. */
export const ZLiveStream = z.string();
