import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { micromarkets, products } from './catalogue.js';
import { organizations } from './organizations.js';
import { paymentTransactions } from './payments.js';
import { users } from './users.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A customer's order of products to a micromarket (§3 order: status, products, courier).
 * `status` carries the §4 codes 0 new … 6 cancelled; `payment_mode` is the micromarket's
 * order payment mode when it was made, and `payment_id` the ledger row of the money taken
 * or held for it, whose follow-ups (capture, release, refund) name it as their parent.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    micromarketId: integer('micromarket_id')
      .notNull()
      .references(() => micromarkets.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    courierId: integer('courier_id').references(() => users.id, { onDelete: 'set null' }),
    status: smallint('status').notNull().default(0),
    totalMinor: integer('total_minor').notNull(),
    currency: text('currency').notNull(),
    paymentMode: text('payment_mode', { enum: ['prepay', 'hold', 'on_pickup'] }).notNull(),
    paymentState: text('payment_state', {
      enum: ['none', 'held', 'paid', 'refunded', 'released', 'failed'],
    })
      .notNull()
      .default('none'),
    paymentId: bigint('payment_id', { mode: 'number' }).references(() => paymentTransactions.id),
    paymentError: text('payment_error'),
    /** Refused payment calls so far: each new attempt gets its own ledger key (`order:<id>:<op>:<n>`). */
    paymentAttempts: smallint('payment_attempts').notNull().default(0),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_org_id').on(t.orgId, t.id),
    index('orders_org_status_id').on(t.orgId, t.status, t.id),
    index('orders_micromarket_status').on(t.micromarketId, t.status),
    // The courier's list: prepared and on-the-way orders.
    index('orders_courier_open').on(t.courierId, t.status).where(sql`${t.status} IN (2, 3, 4)`),
    check('orders_status', sql`${t.status} BETWEEN 0 AND 6`),
    check('orders_total', sql`${t.totalMinor} >= 0`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: smallint('quantity').notNull(),
    priceMinor: integer('price_minor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.productId] }), index('order_lines_product').on(t.productId)],
);

/** Every status an order took, by whom and when: its history. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order').on(t.orderId, t.id)],
);

/** A customer asking for a product at a micromarket; counted per product, fed into planning. */
export const wishes = pgTable(
  'wishes',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    micromarketId: integer('micromarket_id')
      .notNull()
      .references(() => micromarkets.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('wishes_micromarket_product').on(t.micromarketId, t.productId, t.createdAt)],
);
