import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { users } from './users.js';

/**
 * §3 push message: what goes to the organisation's customers, to whom (the audience is read
 * again when it is sent) and when; the counters and `cursor` follow the batched send, so a
 * send cut off by a restart resumes after the last customer it reached.
 */
export const pushMessages = pgTable(
  'push_messages',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    importance: text('importance', { enum: ['important', 'unimportant'] }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    action: text('action'),
    extra: jsonb('extra').$type<Record<string, string>>().notNull().default({}),
    audience: text('audience', { enum: ['all', 'groups', 'user', 'phone'] }).notNull(),
    groupIds: integer('group_ids').array().notNull().default(sql`'{}'::int[]`),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    phone: text('phone'),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['scheduled', 'sending', 'sent', 'failed', 'cancelled'] })
      .notNull()
      .default('scheduled'),
    recipients: integer('recipients').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    skippedLimit: integer('skipped_limit').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** The last customer id the send has reached (customers go in id order). */
    cursor: integer('cursor').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [index('push_messages_org_created').on(t.orgId, t.createdAt), index('push_messages_status').on(t.status)],
);

/**
 * One message to one customer, once (unique per message and customer, so a resumed send never
 * repeats one). `pending` while a provider has it; the built-in provider's delivered rows are
 * the customer app's inbox.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => pushMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    importance: text('importance', { enum: ['important', 'unimportant'] }).notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'skipped_limit', 'failed', 'retry'] }).notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_deliveries_message_user').on(t.messageId, t.userId),
    // The monthly limit: a customer's delivered messages of an importance since the month began.
    index('push_deliveries_user_month').on(t.userId, t.importance, t.deliveredAt).where(sql`${t.status} = 'delivered'`),
  ],
);
