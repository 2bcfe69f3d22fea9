import { z } from 'zod';
import { listOf, optionalQuery, storableString, ZId, ZIdQuery, ZPageQuery, ZTimestamp } from './common.js';

/**
 * What an organisation can be told about: technical alerts, food-safety locks, a
 * micromarket offline, failed payments, sales waiting for a manual check, an unpaid
 * subscription, low stock from planning, a new ticket or chat.
 */
export const NOTIFICATION_EVENTS = [
  'technical_alert',
  /** A technical alert of type 1 only (suspicious temperature): the default route's, without weight and door noise. */
  'temperature_alert',
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

/**
 * One route: an event goes to these recipients through this channel. No channel (null):
 * Vitrina's mail, sent through the organisation's own Mail channel when it has an active one,
 * otherwise by the platform's mailer, so a route works before any channel is set up.
 * `to_operators`: also the organisation's operators (its active employees who may see the
 * fleet), each at their email; a mail route only.
 */
export const ZNotificationRule = z
  .object({
    event: z.enum(NOTIFICATION_EVENTS, { error: 'validation.required' }),
    channel_id: ZId.nullable(),
    recipients: z
      .array(storableString().trim().min(1, { error: 'validation.required' }).max(254))
      .max(NOTIFICATION_RECIPIENTS_MAX),
    to_operators: z.boolean().default(false),
  })
  .refine((rule) => rule.recipients.length > 0 || rule.to_operators, {
    path: ['recipients'],
    message: 'notify.recipients_required',
  });
export type TNotificationRule = z.infer<typeof ZNotificationRule>;

/**
 * What a new organisation is told out of the box: a fridge offline, a temperature
 * out of range and a food-safety lock, to its operators by Vitrina's mail.
 */
export const DEFAULT_NOTIFICATION_RULES: readonly TNotificationRule[] = (
  ['micromarket_offline', 'temperature_alert', 'food_safety_lock'] as const
).map((event) => ({ event, channel_id: null, recipients: [], to_operators: true }));

export const ZNotificationRoutingQuery = z.object({ org_id: ZIdQuery });
export const ZNotificationRouting = z.object({
  org_id: z.number().int(),
  rules: z.array(
    z.object({
      event: z.enum(NOTIFICATION_EVENTS),
      channel_id: z.number().int().nullable(),
      recipients: z.array(z.string()),
      to_operators: z.boolean(),
      /** Null for Vitrina's mail. */
      channel_name: z.string().nullable(),
      channel_type: z.number().int(),
    }),
  ),
  /** The organisation's channels the rules may use (inactive ones too: their rules wait). */
  channels: z.array(z.object({ id: z.number().int(), name: z.string(), type: z.number().int(), active: z.boolean() })),
});
export type TNotificationRouting = z.infer<typeof ZNotificationRouting>;

/** Replaces every rule of the organisation at once. */
export const ZUpdateNotificationRouting = z.object({
  org_id: ZId.optional(),
  rules: z.array(ZNotificationRule).max(200),
});

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
  /** Telegram: messages the text went as (over 4096 characters it is split). */
  parts: z.number().int(),
  /** WhatsApp: the message's status as Meta's webhooks last reported it (null before any, or another channel). */
  whatsapp_status: z.enum(['accepted', 'sent', 'delivered', 'read', 'failed']).nullable(),
  /** WhatsApp: the address the message was mailed to instead when WhatsApp failed it. */
  fallback_to: z.string().nullable(),
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
