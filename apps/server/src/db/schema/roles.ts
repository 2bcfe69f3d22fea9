import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';

/** A role with a null organisation is a platform role, shared by every organisation. */
export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    defaultPage: text('default_page', { enum: ['dashboard', 'dubai_courier', 'devices'] })
      .notNull()
      .default('dashboard'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_org_name').on(sql`coalesce(${t.orgId}, 0)`, sql`lower(${t.name})`)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] }), index('role_permissions_permission').on(t.permission)],
);
