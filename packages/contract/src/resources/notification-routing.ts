import { z } from 'zod';
import { listOf, optionalQuery, storableString, ZId, ZIdQuery, ZPageQuery, ZTimestamp } from './common.js';

/**
 * What an organisation can be told about (issue 11): technical alerts, food-safety locks, a
 * micromarket offline, failed payments, sales waiting for a manual check, an unpaid
 * subscription, low stock from planning, a new ticket or chat.
 */
export const NOTIFICATION_EVENTS = [
  'technical_alert',
  'food_safety_lock',
  'micromarket_offline',
  'payment_failed',
  'manual_check',
  'subscription_unpaid',
  'low_stock',
  'new_ticket',
  'new_chat',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** At most this many recipients per rule. */
export const NOTIFICATION_RECIPIENTS_MAX = 20;

/** One route: an event goes to these recipients through this channel. */
export const ZNotificationRule = z.object({
  event: z.enum(NOTIFICATION_EVENTS, { error: 'validation.required' }),
  channel_id: ZId,
  recipients: z
    .array(storableString().trim().min(1, { error: 'validation.required' }).max(254))
    .min(1, { error: 'notify.recipients_required' })
    .max(NOTIFICATION_RECIPIENTS_MAX),
});
export type TNotificationRule = z.infer<typeof ZNotificationRule>;

export const ZNotificationRoutingQuery = z.object({ org_id: ZIdQuery });
export const ZNotificationRouting = z.object({
  org_id: z.number().int(),
  rules: z.array(ZNotificationRule.extend({ channel_name: z.string(), channel_type: z.number().int() })),
  /** The organisation's channels the rules may use (inactive ones too: their rules wait). */
  channels: z.array(z.object({ id: z.number().int(), name: z.string(), type: z.number().int(), active: z.boolean() })),
});
export type TNotificationRouting = z.infer<typeof ZNotificationRouting>;

/** Replaces every rule of the organisation at once. */
export const ZUpdateNotificationRouting = z.object({
  org_id: ZId.optional(),
  rules: z.array(ZNotificationRule).max(200),
});
export type TUpdateNotificationRouting = z.input<typeof ZUpdateNotificationRouting>;

export const NOTIFICATION_DELIVERY_STATUSES = ['queued', 'sent', 'failed'] as const;
export const ZNotificationDelivery = z.object({
  id: z.number().int(),
  event: z.enum(NOTIFICATION_EVENTS),
  channel_id: z.number().int().nullable(),
  channel_name: z.string().nullable(),
  recipient: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(NOTIFICATION_DELIVERY_STATUSES),
  attempts: z.number().int(),
  error: z.string().nullable(),
  created_at: ZTimestamp,
  sent_at: ZTimestamp.nullable(),
});
export type TNotificationDelivery = z.infer<typeof ZNotificationDelivery>;
export const ZNotificationLogQuery = ZPageQuery.extend({
  org_id: ZIdQuery,
  status: optionalQuery(z.enum(NOTIFICATION_DELIVERY_STATUSES)),
  event: optionalQuery(z.enum(NOTIFICATION_EVENTS)),
});
export const ZNotificationLog = listOf(ZNotificationDelivery);
export type TNotificationLog = z.infer<typeof ZNotificationLog>;
