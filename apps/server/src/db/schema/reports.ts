import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { micromarkets } from './catalogue.js';
import { organizations } from './organizations.js';

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
    sales: integer('sales').notNull().default(0),
    items: integer('items').notNull().default(0),
    /** Paid amount, refunds, base cost and discount, minor units. */
    revenueMinor: total('revenue_minor'),
    refundsMinor: total('refunds_minor'),
    costMinor: total('cost_minor'),
    discountMinor: total('discount_minor'),
  },
  (t) => [
    primaryKey({ columns: [t.micromarketId, t.day, t.paymentType] }),
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
    sales: integer('sales').notNull().default(0),
    items: integer('items').notNull().default(0),
    revenueMinor: total('revenue_minor'),
    costMinor: total('cost_minor'),
  },
  (t) => [
    primaryKey({ columns: [t.micromarketId, t.day, t.productId, t.categoryId] }),
    index('sales_daily_products_org_day').on(t.orgId, t.day),
    index('sales_daily_products_product').on(t.productId, t.day).where(sql`${t.productId} <> 0`),
  ],
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
