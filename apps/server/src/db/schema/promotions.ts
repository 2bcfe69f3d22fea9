import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { users } from './users.js';

export const PROMOTION_PERIOD_VALUES = [
  'once',
  'daily',
  'weekly',
  'monthly',
  'every_2_months',
  'every_3_months',
  'every_half_year',
  'yearly',
] as const;

/**
 * A bonus promotion (§3): what a settled sale of a customer earns in bonuses. `type` and
 * `subtype` carry the §4 codes (types 1 purchase, 2 date, 3 cashback; subtypes 1 purchase
 * amount, 2 period purchase amount, 3 specific products, 4 once, 5 regular, 6 cashback on
 * first purchase). `amount` is a whole percent (bonus type percent) or minor units (amount).
 * Empty id arrays mean "all": every organisation of the owner, every micromarket, every
 * customer. `group_ids` name user groups (kept as plain ids: see docs/decisions/040-bonus-promotions.md).
 */
export const bonusPromotions = pgTable(
  'bonus_promotions',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    description: text('description'),
    type: smallint('type').notNull(),
    subtype: smallint('subtype').notNull(),
    bonusType: text('bonus_type', { enum: ['percent', 'amount'] }).notNull(),
    amount: integer('amount').notNull(),
    period: text('period', { enum: PROMOTION_PERIOD_VALUES }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    minPurchaseMinor: bigint('min_purchase_minor', { mode: 'number' }),
    maxPurchaseMinor: bigint('max_purchase_minor', { mode: 'number' }),
    newUsersOnly: boolean('new_users_only').notNull().default(false),
    /** Organisations whose sales it applies to besides the owner's (linked ones). */
    organizationIds: integer('organization_ids').array().notNull().default(sql`'{}'::int[]`),
    micromarketIds: integer('micromarket_ids').array().notNull().default(sql`'{}'::int[]`),
    groupIds: integer('group_ids').array().notNull().default(sql`'{}'::int[]`),
    /** Subtype 3: the products that earn. */
    productIds: integer('product_ids').array().notNull().default(sql`'{}'::int[]`),
    /** 1 active, 2 closed. */
    status: smallint('status').notNull().default(1),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The settlement's one query: the active promotions of the sale's organisation.
    index('bonus_promotions_active_org').on(t.orgId).where(sql`${t.status} = 1`),
    index('bonus_promotions_active_linked').using('gin', t.organizationIds).where(sql`${t.status} = 1`),
    index('bonus_promotions_org_created').on(t.orgId, t.id),
    check('bonus_promotions_type', sql`${t.type} IN (1, 2, 3)`),
    check('bonus_promotions_subtype', sql`${t.subtype} IN (1, 2, 3, 4, 5, 6)`),
    check('bonus_promotions_status', sql`${t.status} IN (1, 2)`),
    check('bonus_promotions_amount', sql`${t.amount} > 0`),
  ],
);
