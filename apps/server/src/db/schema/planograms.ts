import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
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
import { micromarkets } from './catalogue.js';
import { organizations } from './organizations.js';
import { users } from './users.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A reusable layout (§3 planogram template): shelves → sections → product and capacity, as ZPlanogramLayout. */
export const planogramTemplates = pgTable(
  'planogram_templates',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    layout: jsonb('layout').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('planogram_templates_org').on(t.orgId, t.name)],
);

/** §3 planogram schedule: a template on a micromarket from a day to a day; status 1 active, 2 queued, 3 completed, 4 cancelled. */
export const planogramSchedules = pgTable(
  'planogram_schedules',
  {
    id: serial('id').primaryKey(),
    micromarketId: integer('micromarket_id')
      .notNull()
      .references(() => micromarkets.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => planogramTemplates.id),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTo: date('date_to', { mode: 'string' }).notNull(),
    status: smallint('status').notNull().default(2),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('planogram_schedules_micromarket').on(t.micromarketId, t.status),
    // The schedule job's two questions: which queued ones start, which active ones end.
    index('planogram_schedules_open').on(t.status, t.dateFrom).where(sql`${t.status} IN (1, 2)`),
    check('planogram_schedules_status', sql`${t.status} BETWEEN 1 AND 4`),
    check('planogram_schedules_dates', sql`${t.dateTo} >= ${t.dateFrom}`),
  ],
);

/**
 * The layout a micromarket has (had): a copy of the template's when it was applied, so
 * editing a template later changes no micromarket until it is applied again. At most one
 * active per micromarket.
 */
export const micromarketPlanograms = pgTable(
  'micromarket_planograms',
  {
    id: serial('id').primaryKey(),
    micromarketId: integer('micromarket_id')
      .notNull()
      .references(() => micromarkets.id, { onDelete: 'cascade' }),
    templateId: integer('template_id').references(() => planogramTemplates.id, { onDelete: 'set null' }),
    templateName: text('template_name').notNull(),
    layout: jsonb('layout').notNull(),
    scheduleId: integer('schedule_id').references(() => planogramSchedules.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull(),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('micromarket_planograms_active').on(t.micromarketId).where(sql`${t.active}`),
    index('micromarket_planograms_template').on(t.templateId).where(sql`${t.active}`),
  ],
);
