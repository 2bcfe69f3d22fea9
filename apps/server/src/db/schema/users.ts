import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { roles } from './roles.js';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    roleId: integer('role_id').references(() => roles.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** null while an invited user has not registered. */
    passwordHash: text('password_hash'),
    phones: text('phones').array().notNull().default(sql`'{}'::text[]`),
    userType: smallint('user_type').notNull().default(2),
    bonuses: integer('bonuses').notNull().default(0),
    pushLimitImportant: integer('push_limit_important').notNull().default(10),
    pushLimitUnimportant: integer('push_limit_unimportant').notNull().default(4),
    lang: text('lang', { enum: ['en', 'ua', 'pl', 'it', 'sk'] })
      .notNull()
      .default('en'),
    active: boolean('active').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email').on(sql`lower(${t.email})`),
    index('users_org_created').on(t.orgId, t.createdAt),
    index('users_role').on(t.roleId),
    index('users_phones').using('gin', t.phones),
  ],
);

/**
 * Customers an organisation has blocked from its cabinets (micromarkets), with the reason: the
 * sales gate refuses them there with §8's "blocked from the cabinet". One row per organisation
 * and customer; unblocking deletes it (the audit log keeps the history).
 */
export const customerBlocks = pgTable(
  'customer_blocks',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.orgId] })],
);
