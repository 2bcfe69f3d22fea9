import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
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
