import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
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
import { micromarkets } from './catalogue.js';
import { organizations } from './organizations.js';
import { users } from './users.js';

const total = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** The micromarket-day a rollup row belongs to (a UTC date). */
const bucketColumns = () => ({
  orgId: integer('org_id')
    .notNull()
    .references(() => organizations.id),
  micromarketId: integer('micromarket_id')
    .notNull()
    .references(() => micromarkets.id, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
});

/** The sales' currency (`transactions.currency`): rows of two currencies are never summed into one. */
const currency = () => text('currency').notNull();

/**
 * Sales of one micromarket on one UTC day (the day its door opened), per payment type:
 * what reports and the dashboard read instead of scanning `transactions`. Recomputed
 * whole for one micromarket-day by `refreshSaleRollups`, so a retried call cannot double count.
 */
export const salesDaily = pgTable(
  'sales_daily',
  {
    ...bucketColumns(),
    paymentType: smallint('payment_type').notNull(),
    currency: currency(),
    sales: integer('sales').notNull().default(0),
    items: integer('items').notNull().default(0),
    /** Paid amount, refunds, base cost and discount, minor units. */
    revenueMinor: total('revenue_minor'),
    refundsMinor: total('refunds_minor'),
    costMinor: total('cost_minor'),
    discountMinor: total('discount_minor'),
  },
  (t) => [
    primaryKey({ columns: [t.micromarketId, t.day, t.paymentType, t.currency] }),
    index('sales_daily_org_day').on(t.orgId, t.day),
  ],
);

/**
 * The product lines of the same sales, per product (0: a product since deleted) and its
 * category at the sale (0: none). Refunds are not split over products: the provider
 * refunds an amount, not lines.
 */
export const salesDailyProducts = pgTable(
  'sales_daily_products',
  {
    ...bucketColumns(),
    productId: integer('product_id').notNull(),
    categoryId: integer('category_id').notNull(),
    currency: currency(),
    sales: integer('sales').notNull().default(0),
    items: integer('items').notNull().default(0),
    revenueMinor: total('revenue_minor'),
    costMinor: total('cost_minor'),
  },
  (t) => [
    primaryKey({ columns: [t.micromarketId, t.day, t.productId, t.categoryId, t.currency] }),
    index('sales_daily_products_org_day').on(t.orgId, t.day),
    index('sales_daily_products_product').on(t.productId, t.day).where(sql`${t.productId} <> 0`),
  ],
);

/** The organisation-day a rollup row of the whole organisation belongs to (a UTC date). */
const orgDayColumns = () => ({
  orgId: integer('org_id')
    .notNull()
    .references(() => organizations.id),
  day: date('day', { mode: 'string' }).notNull(),
});

/**
 * `sales_daily` summed over the organisation's micromarkets: what a report of the whole
 * organisation (its totals, by day, payment type or organisation) reads, a row per day and
 * payment type instead of one per micromarket. Moved by the same transaction that recomputes a
 * micromarket-day of `sales_daily`, by the difference, so it always equals the sum.
 */
export const salesOrgDaily = pgTable(
  'sales_org_daily',
  {
    ...orgDayColumns(),
    paymentType: smallint('payment_type').notNull(),
    currency: currency(),
    sales: integer('sales').notNull().default(0),
    items: integer('items').notNull().default(0),
    revenueMinor: total('revenue_minor'),
    refundsMinor: total('refunds_minor'),
    costMinor: total('cost_minor'),
    discountMinor: total('discount_minor'),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.day, t.paymentType, t.currency] })],
);

/**
 * `sales_daily_products` summed over the organisation's micromarkets: a month's report by
 * product or category reads days × products, not micromarkets × days × products. Kept like
 * `sales_org_daily`.
 */
export const salesOrgDailyProducts = pgTable(
  'sales_org_daily_products',
  {
    ...orgDayColumns(),
    productId: integer('product_id').notNull(),
    categoryId: integer('category_id').notNull(),
    currency: currency(),
    sales: integer('sales').notNull().default(0),
    items: integer('items').notNull().default(0),
    revenueMinor: total('revenue_minor'),
    costMinor: total('cost_minor'),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.day, t.productId, t.categoryId, t.currency] })],
);

/**
 * The micromarket-days whose rollup rows are behind their sales: a sale's settlement or
 * refund marks its bucket here in its own transaction (one small upsert), and the
 * `reports.rollups` job, or a report about to read the organisation's rollups, recomputes
 * each marked bucket and removes its mark in one transaction per bucket.
 */
export const salesRollupDirty = pgTable(
  'sales_rollup_dirty',
  {
    ...bucketColumns(),
  },
  (t) => [primaryKey({ columns: [t.micromarketId, t.day] }), index('sales_rollup_dirty_org').on(t.orgId)],
);

/**
 * A user's scheduled sales report by mail (daily or weekly, in their time zone): what it
 * groups by, which of their organisations it covers (empty: all they see when it is sent),
 * and whether the figures go in the text or as a CSV/XLSX attachment.
 */
export const reportSubscriptions = pgTable(
  'report_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    frequency: text('frequency', { enum: ['daily', 'weekly'] }).notNull(),
    groupBy: text('group_by').notNull(),
    format: text('format', { enum: ['inline', 'csv', 'xlsx'] }).notNull(),
    orgIds: integer('org_ids').array().notNull().default(sql`'{}'::int[]`),
    top: integer('top'),
    timeZone: text('time_zone').notNull(),
    hour: smallint('hour').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('report_subscriptions_user').on(t.userId),
    check('report_subscriptions_hour', sql`${t.hour} BETWEEN 0 AND 23`),
  ],
);

/**
 * One mail of a subscription for one period (`period_start`: its first local day). The unique
 * key is the promise that a period is mailed at most once, whatever retries or instances do.
 */
export const reportDeliveries = pgTable(
  'report_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => reportSubscriptions.id, { onDelete: 'cascade' }),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    /**
     * pending (queued), sending (claimed by the job that mails it), sent, skipped (its owner may
     * no longer read it). A delivery left in `sending` by a crash is not mailed again.
     */
    status: text('status', { enum: ['pending', 'sending', 'sent', 'skipped'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('report_deliveries_period').on(t.subscriptionId, t.periodStart)],
);
