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
import { organizations } from './organizations.js';

/** What a channel keeps in the clear: the mail server and sender, the WhatsApp number id. */
export type ChannelSettings = {
  host?: string | null;
  port?: number | null;
  secure?: boolean;
  username?: string | null;
  from_address?: string | null;
  phone_number_id?: string | null;
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

/** One route of an organisation: an event goes to these recipients through a channel. */
export const notificationRules = pgTable(
  'notification_rules',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    event: text('event').notNull(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => notificationChannels.id, { onDelete: 'cascade' }),
    recipients: text('recipients').array().notNull(),
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
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** Times the channel's rate made it wait. */
    deferrals: integer('deferrals').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notification_deliveries_once').on(t.orgId, t.event, t.dedupeKey, t.channelId, t.recipient),
    index('notification_deliveries_org_created').on(t.orgId, t.createdAt),
    index('notification_deliveries_channel_sent').on(t.channelId, t.sentAt),
  ],
);
