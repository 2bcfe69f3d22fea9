import type { TSensorCheck } from '@vitrina/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { micromarkets, products } from './catalogue.js';
import { deviceCommands, doorSessions } from './fleet.js';
import { organizations } from './organizations.js';
import { users } from './users.js';

/** Stored as the contract's sensor check. */
type SensorCheckRecord = TSensorCheck;

const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * A sale: one customer's door session (or web purchase), what they took, at what prices,
 * and how it was paid. `status`, `payment_status`, `payment_type` and `client_type` carry
 * the spec's §4 codes. Amounts are minor units of `currency`, the organisation's at the
 * time of the sale.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    micromarketId: integer('micromarket_id')
      .notNull()
      .references(() => micromarkets.id),
    /** The door session it settles; one sale per session. */
    doorSessionId: uuid('door_session_id').references(() => doorSessions.id, { onDelete: 'set null' }),
    /** The open-door command of a web purchase (created before the door opened). */
    commandId: uuid('command_id').references(() => deviceCommands.id, { onDelete: 'set null' }),
    /** The unguessable part of the public receipt link. */
    token: uuid('token').notNull().defaultRandom(),
    customerId: integer('customer_id').references(() => users.id, { onDelete: 'set null' }),
    /** 0 guest, 1 customer, 2 employee (the user type of §3). */
    clientType: smallint('client_type').notNull().default(0),
    /** 1 tags, 2 weights, 4 neuro, 23 web, 24 on trust. */
    paymentType: smallint('payment_type').notNull(),
    /** 0 new, 1 successful, 2 manual processing, 3 processing, 4 processing at the provider. */
    status: smallint('status').notNull().default(0),
    /** 0 waiting for amount, 1 paid, 2 not paid, 3 nothing taken. */
    paymentStatus: smallint('payment_status').notNull().default(0),
    currency: text('currency').notNull(),
    /** The products at list price (personal price or sell cost). */
    grossMinor: money('gross_minor'),
    /** Taken off by the micromarket's discount. */
    discountMinor: money('discount_minor'),
    /** Paid with the customer's bonuses. */
    bonusesUsedMinor: money('bonuses_used_minor'),
    bonusesAccruedMinor: money('bonuses_accrued_minor'),
    /** What the customer pays: gross − discount − bonuses (the test amount in test payment mode). */
    amountMinor: money('amount_minor'),
    /** Taken at the provider so far, and given back. */
    paidMinor: money('paid_minor'),
    refundedMinor: money('refunded_minor'),
    /** Base cost of what was sold, for the margin. */
    costMinor: money('cost_minor'),
    /** Test payment mode: the test amount was charged instead of the products. */
    isTest: boolean('is_test').notNull().default(false),
    /**
     * The cross-sensor check of the door session (sensor fusion, DESIGN §9): which sensor
     * counted, what the others saw, each disagreement with its numbers, and its resolution.
     * Null for sales without a door session (web orders) and for sales before the check.
     */
    sensorCheck: jsonb('sensor_check').$type<SensorCheckRecord>(),
    /** Why the payment failed, as the provider or our rules said (payment.declined, …). */
    errorCode: text('error_code'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transactions_door_session').on(t.doorSessionId),
    uniqueIndex('transactions_command').on(t.commandId),
    uniqueIndex('transactions_token').on(t.token),
    // The list's keyset walks, newest (opened_at, id) first; the period and the rollups use them too.
    index('transactions_org_opened').on(t.orgId, t.openedAt, t.id),
    index('transactions_micromarket_opened').on(t.micromarketId, t.openedAt, t.id),
    index('transactions_customer_opened').on(t.customerId, t.openedAt, t.id),
    index('transactions_opened').on(t.openedAt, t.id),
    // The list's "partly refunded" and "refunded" filters: few sales, walked like the org index.
    index('transactions_refunded').on(t.orgId, t.openedAt, t.id).where(sql`${t.refundedMinor} > 0`),
    // The unfinished ones: new, manual and processing (the previous-transaction check, the settle job).
    index('transactions_open').on(t.micromarketId, t.status).where(sql`${t.status} <> 1`),
    check('transactions_status', sql`${t.status} IN (0, 1, 2, 3, 4)`),
    check('transactions_payment_status', sql`${t.paymentStatus} IN (0, 1, 2, 3)`),
    check('transactions_payment_type', sql`${t.paymentType} IN (1, 2, 4, 23, 24)`),
    check('transactions_client_type', sql`${t.clientType} IN (0, 1, 2)`),
    check(
      'transactions_amounts',
      sql`${t.grossMinor} >= 0 AND ${t.discountMinor} >= 0 AND ${t.bonusesUsedMinor} >= 0 AND ${t.amountMinor} >= 0 AND ${t.refundedMinor} <= ${t.paidMinor}`,
    ),
  ],
);

export const SALE_SOURCE_VALUES = ['tag', 'weight', 'camera', 'barcode', 'manual'] as const;

/** One line of a sale: a product, how it was detected, its prices frozen at the sale. */
export const transactionProducts = pgTable(
  'transaction_products',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The product's name and category at the sale, so a renamed product keeps its history. */
    name: text('name').notNull(),
    categoryId: integer('category_id'),
    source: text('source', { enum: SALE_SOURCE_VALUES }).notNull(),
    /** The RFID tag, for lines detected by tag. */
    tagCode: text('tag_code'),
    quantity: integer('quantity').notNull(),
    /** Per unit: list price (personal price or sell cost), price paid after the discount, base cost. */
    listPriceMinor: money('list_price_minor'),
    priceMinor: money('price_minor'),
    costMinor: money('cost_minor'),
    /** An operator added or changed this line (manual check, incorrectly counted products). */
    isCorrected: boolean('is_corrected').notNull().default(false),
    /**
     * Units given back or being given back by refunds (`refund_lines`): raised under the sale's
     * lock when a refund is reserved, lowered by the database when one of its ledger rows fails.
     */
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
  },
  (t) => [
    index('transaction_products_transaction').on(t.transactionId),
    index('transaction_products_product').on(t.productId),
    check('transaction_products_quantity', sql`${t.quantity} >= 0`),
    check(
      'transaction_products_refunded_quantity',
      sql`${t.refundedQuantity} >= 0 AND ${t.refundedQuantity} <= ${t.quantity}`,
    ),
  ],
);

/**
 * A customer's bonus account as a ledger (§4 bonus operations: 1 top up, 2 withdraw): the
 * balance is the sum of the rows. `users.bonuses` mirrors it, written in the same database
 * transaction, for lists; it is never the source.
 */
export const bonusOperations = pgTable(
  'bonus_operations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 top up, 2 withdraw. */
    operation: smallint('operation').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => transactions.id, {
      onDelete: 'set null',
    }),
    /** use, accrual, refund, manual, promotion… */
    reason: text('reason').notNull(),
    /** One operation per key (`tx:<id>:use`), so a retried settlement never books twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bonus_operations_key').on(t.idempotencyKey),
    index('bonus_operations_user').on(t.userId, t.id),
    check('bonus_operations_operation', sql`${t.operation} IN (1, 2)`),
    check('bonus_operations_amount', sql`${t.amountMinor} > 0`),
  ],
);

/**
 * A customer's card saved at the payment provider, and the token a micromarket reads to
 * know who is at the door (app QR or card). Only the provider's ids are kept, never a number.
 */
export const customerCards = pgTable(
  'customer_cards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the micromarket reports in a door session (`customer_token`). */
    token: text('token').notNull(),
    provider: text('provider').notNull(),
    paymentMethod: text('payment_method').notNull(),
    providerCustomer: text('provider_customer').notNull(),
    brand: text('brand'),
    last4: text('last4'),
    expMonth: smallint('exp_month'),
    expYear: smallint('exp_year'),
    /** The provider account that saved it (Stripe: `acct_…`); it is charged through that account only. */
    providerAccount: text('provider_account'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customer_cards_token').on(t.token), index('customer_cards_user').on(t.userId)],
);

/**
 * A customer's door refused for one of §8's payment rejection reasons (the sales gate's key,
 * `payment.refusal.*`), kept for the error analytics. One row per refused attempt.
 */
export const saleRefusals = pgTable(
  'sale_refusals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    micromarketId: integer('micromarket_id')
      .notNull()
      .references(() => micromarkets.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    customerId: integer('customer_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sale_refusals_org_at').on(t.orgId, t.at),
    index('sale_refusals_micromarket_at').on(t.micromarketId, t.at),
  ],
);
