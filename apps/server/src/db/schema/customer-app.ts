import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * One-time sign-in codes of the customer app: only a hash is kept, a code lives ten minutes,
 * takes a few wrong guesses and is spent by its first right one.
 */
export const customerSignInCodes = pgTable(
  'customer_sign_in_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('customer_sign_in_codes_user').on(t.userId, t.createdAt)],
);

/** The customer app's installations a push provider (Firebase Cloud Messaging) reaches. */
export const customerPushDevices = pgTable(
  'customer_push_devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's registration token: one installation belongs to one customer at a time. */
    token: text('token').notNull().unique(),
    platform: text('platform', { enum: ['android', 'ios', 'web'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('customer_push_devices_user').on(t.userId)],
);
