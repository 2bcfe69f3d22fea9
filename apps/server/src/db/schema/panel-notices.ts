import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { micromarkets } from './catalogue.js';
import { technicalAlerts } from './fleet.js';
import { organizations } from './organizations.js';
import { supportThreads } from './support.js';
import { users } from './users.js';

export const FLEET_NOTICE_KIND_VALUES = ['temperature', 'door', 'weight', 'locked', 'offline'] as const;

/**
 * The panel's alert bell: one row per fleet incident worth telling (a new technical alert, a
 * food-safety lock, a micromarket gone offline), with what was measured. Everyone who may see
 * the fleet of the organisation sees it, whatever the organisation's routes say.
 */
export const fleetNotices = pgTable(
  'fleet_notices',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    micromarketId: integer('micromarket_id')
      .notNull()
      .references(() => micromarkets.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: FLEET_NOTICE_KIND_VALUES }).notNull(),
    alertId: integer('alert_id').references(() => technicalAlerts.id, { onDelete: 'set null' }),
    /** The reading, the limit and the unit, as the rule saw them. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('fleet_notices_org_id').on(t.orgId, t.id)],
);

/** Per user: every notice up to this id is read ("mark all read"); later ones are read one by one. */
export const fleetNoticeMarks = pgTable('fleet_notice_marks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  readUpTo: integer('read_up_to').notNull(),
});

/** A notice one user opened. */
export const fleetNoticeReads = pgTable(
  'fleet_notice_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => fleetNotices.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.noticeId] })],
);

/** When a staff member last read a support chat or ticket: anything newer is unread for them. */
export const supportReads = pgTable(
  'support_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    threadId: integer('thread_id')
      .notNull()
      .references(() => supportThreads.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.threadId] })],
);
