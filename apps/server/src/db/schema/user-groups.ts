import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';

/** §3 user group: a name and phone numbers, resolved to the organisation's customers when read. */
export const userGroups = pgTable(
  'user_groups',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_groups_org_name').on(t.orgId, sql`lower(${t.name})`)],
);

/** A group's phone numbers, E.164, each once; a number becomes a member once a customer has it. */
export const userGroupPhones = pgTable(
  'user_group_phones',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.phone] }), index('user_group_phones_phone').on(t.phone)],
);
