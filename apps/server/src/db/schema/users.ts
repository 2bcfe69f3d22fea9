import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
