import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * This installation (one database, however many server instances): one row, made at the first
 * start. Its key prefix goes before every idempotency key and metadata key sent to a payment
 * provider, so two installations on one provider account never share a key (lib/installation.ts).
 */
export const installation = pgTable(
  'installation',
  {
    id: smallint('id').primaryKey().default(1),
    keyPrefix: text('key_prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('installation_one_row', sql`${t.id} = 1`)],
);
