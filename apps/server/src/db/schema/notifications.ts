import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customerSignInCodes } from './customer-app.js';
import { organizations } from './organizations.js';

/**
 * What a channel keeps in the clear: the mail server and sender; the WhatsApp number id, the
 * approved templates its messages go out as (free-form text reaches only numbers that wrote
 * within 24 hours) and the token Meta's webhook subscription is verified with.
 */
export type ChannelSettings = {
  host?: string | null;
  port?: number | null;
  secure?: boolean;
  username?: string | null;
  from_address?: string | null;
  phone_number_id?: string | null;
  /** WhatsApp: the authentication template sign-in codes go out as, and its language. */
  code_template?: string | null;
  code_template_language?: string | null;
  /** WhatsApp: the utility template with one body parameter that notifications go out as. */
  notice_template?: string | null;
  notice_template_language?: string | null;
  /** WhatsApp: Meta's `hub.verify_token` for the webhook subscription (made here, shown to the operator). */
  webhook_verify_token?: string | null;
};

/**
 * §4 notification channel: 1 Telegram (a bot), 2 Mail (SMTP), 3 WhatsApp (Cloud API). The
 * secret (bot token, SMTP password, access token) is sealed with SECRET_KEY, bound to the row.
 */
export const notificationChannels = pgTable(
  'notification_channels',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    type: smallint('type').notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    settings: jsonb('settings').$type<ChannelSettings>().notNull().default({}),
    sealedSecret: text('sealed_secret'),
    lastTestAt: timestamp('last_test_at', { withTimezone: true }),
    lastTestError: text('last_test_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('notification_channels_org').on(t.orgId, t.id)],
);

/**
 * One route of an organisation: an event goes to these recipients through a channel. No
 * channel: Vitrina's mail (the organisation's own Mail channel when it has an active one,
 * otherwise the platform's mailer). `to_operators` adds the organisation's operators.
 */
export const notificationRules = pgTable(
  'notification_rules',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    event: text('event').notNull(),
    channelId: integer('channel_id').references(() => notificationChannels.id, { onDelete: 'cascade' }),
    recipients: text('recipients').array().notNull(),
    toOperators: boolean('to_operators').notNull().default(false),
  },
  (t) => [index('notification_rules_org_event').on(t.orgId, t.event)],
);

/**
 * The outbox: one message to one recipient through one channel, sent by a job with retries.
 * Unique per event occurrence (`dedupe_key`), channel and recipient: the same alert told twice
 * is one message.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    event: text('event').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    channelId: integer('channel_id').references(() => notificationChannels.id, { onDelete: 'set null' }),
    /** Sent by Vitrina's mail (a rule without a channel), not through a channel of the organisation. */
    viaMailer: boolean('via_mailer').notNull().default(false),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** Times the channel's rate made it wait. */
    deferrals: integer('deferrals').notNull().default(0),
    /** Telegram: parts of a message over 4096 characters already sent (a retry sends the rest). */
    partsSent: integer('parts_sent').notNull().default(0),
    error: text('error'),
    /** WhatsApp: where the message went instead when WhatsApp failed it (an email address). */
    fallbackTo: text('fallback_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    // Vitrina's mail has no channel: 0 stands for it, so an occurrence told twice is one mail too.
    uniqueIndex('notification_deliveries_once').on(
      t.orgId,
      t.event,
      t.dedupeKey,
      sql`coalesce(${t.channelId}, 0)`,
      t.recipient,
    ),
    index('notification_deliveries_org_created').on(t.orgId, t.createdAt),
    index('notification_deliveries_channel_sent').on(t.channelId, t.sentAt),
  ],
);

/** A WhatsApp message's delivery as Meta's status webhooks report it, in order; `failed` is final. */
export const WHATSAPP_STATUSES = ['accepted', 'sent', 'delivered', 'read', 'failed'] as const;
export type WhatsAppStatus = (typeof WHATSAPP_STATUSES)[number];

/**
 * Every message sent through a WhatsApp channel, by Meta's message id (`wamid`), with the
 * status its webhooks reported. What to do if it fails is decided when it is sent: a job
 * (`fallback_job` with `fallback_payload`) that reaches the recipient another way.
 */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    channelId: integer('channel_id').references(() => notificationChannels.id, { onDelete: 'set null' }),
    wamid: text('wamid').notNull(),
    /** What it carried: a notice (an outbox row), a sign-in code, or a channel's test. */
    purpose: text('purpose', { enum: ['notice', 'sign_in_code', 'test'] }).notNull(),
    recipient: text('recipient').notNull(),
    deliveryId: integer('delivery_id').references(() => notificationDeliveries.id, { onDelete: 'cascade' }),
    signInCodeId: integer('sign_in_code_id').references(() => customerSignInCodes.id, { onDelete: 'cascade' }),
    status: text('status', { enum: WHATSAPP_STATUSES }).notNull().default('accepted'),
    errorCode: integer('error_code'),
    errorTitle: text('error_title'),
    fallbackJob: text('fallback_job'),
    fallbackPayload: jsonb('fallback_payload').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('whatsapp_messages_wamid').on(t.wamid), index('whatsapp_messages_delivery').on(t.deliveryId)],
);
