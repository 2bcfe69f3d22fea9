import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { transactionProducts, transactions } from './sales.js';

/**
 * An organisation's payment system (`/organization/payment/system`). Credentials are one
 * AES-256-GCM sealed JSON object (lib/secrets.ts, bound to the organisation), never plain.
 */
export const paymentSettings = pgTable('payment_settings', {
  orgId: integer('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
  /** `{ secret_key?, webhook_secret? }` sealed; null when none is stored. */
  credentialsSealed: text('credentials_sealed'),
  /** Test provider only: what it pretends (none, decline, timeout, delayed_webhook, duplicate_webhook). */
  simulate: text('simulate').notNull().default('none'),
  /**
   * The provider account the credentials act for (Stripe: `acct_…`), learned from the
   * provider; null until known and again after the key changes. A card saved under another
   * account is never sent to this one. The test provider has one account and needs none.
   */
  accountId: text('account_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by'),
});

/**
 * The platform's own payment system (one row), configured by the platform admin: the
 * organisations' subscription cards are saved and their fees charged through it, never
 * through an organisation's account. Credentials sealed as the organisations' are.
 */
export const platformPaymentSettings = pgTable(
  'platform_payment_settings',
  {
    id: smallint('id').primaryKey().default(1),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    /** `{ secret_key?, publishable_key?, webhook_secret? }` sealed; null when none is stored. */
    credentialsSealed: text('credentials_sealed'),
    simulate: text('simulate').notNull().default('none'),
    accountId: text('account_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by'),
  },
  (t) => [check('platform_payment_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * The provider's customer (Stripe: `cus_…`) that stands for one of ours in one provider
 * account: `user:<id>` (a customer of the app) or `org:<id>` (an organisation paying its
 * subscription through the platform). Made once and reused for every card saved after.
 */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    owner: text('owner').notNull(),
    provider: text('provider').notNull(),
    account: text('account').notNull(),
    customer: text('customer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_customers_owner').on(t.owner, t.provider, t.account)],
);

/**
 * The payment ledger: one row per operation at a provider, written before the provider is
 * called (status 10 in process) and settled after, so a crash in between leaves a row for
 * reconciliation. `type` and `status` carry the spec's §4 codes.
 */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    /** 1 debit, 2 refund. */
    type: smallint('type').notNull(),
    /** 0 new, 1 success, 2 error, 5 suspended, 10 in process. */
    status: smallint('status').notNull(),
    /** hold, capture, release, charge, refund. */
    operation: text('operation').notNull(),
    provider: text('provider').notNull(),
    /** Minor units (kopiyka, grosz, cent). */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** A retried request with the same key is this row, never a second charge. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The sale this operation pays or refunds (sales area); null for other payments. */
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => transactions.id),
    /** The operation this one acts on (a capture's hold, a refund's charge). */
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => paymentTransactions.id),
    /** The provider's id of the payment (Stripe: pi_…); of the refund for refunds (re_…). */
    providerReference: text('provider_reference'),
    /** What the provider was asked, so reconciliation can ask again with the same key. */
    request: jsonb('request').notNull().default({}),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    attempts: integer('attempts').notNull().default(0),
    /** Made through the platform's payment system (a subscription fee), not the organisation's. */
    throughPlatform: boolean('through_platform').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_transactions_idempotency').on(t.idempotencyKey),
    index('payment_transactions_org_created').on(t.orgId, t.createdAt),
    index('payment_transactions_reference').on(t.provider, t.providerReference),
    index('payment_transactions_transaction').on(t.transactionId).where(sql`${t.transactionId} IS NOT NULL`),
    index('payment_transactions_in_process').on(t.updatedAt).where(sql`${t.status} = 10`),
    check('payment_transactions_amount', sql`${t.amountMinor} >= 0`),
    // The spec's §4 codes and nothing else.
    check('payment_transactions_type', sql`${t.type} IN (1, 2)`),
    check('payment_transactions_status', sql`${t.status} IN (0, 1, 2, 5, 10)`),
  ],
);

/**
 * The units of a sale's lines a refund's ledger row gives back (a refund by products). When
 * the row ends in error, the trigger `payment_transactions_refund_failed` (migration 0041)
 * lowers the lines' `refunded_quantity` by these, in the statement that failed the row.
 */
export const refundLines = pgTable(
  'refund_lines',
  {
    paymentTransactionId: bigint('payment_transaction_id', { mode: 'number' })
      .notNull()
      .references(() => paymentTransactions.id, { onDelete: 'cascade' }),
    transactionProductId: bigint('transaction_product_id', { mode: 'number' })
      .notNull()
      .references(() => transactionProducts.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.paymentTransactionId, t.transactionProductId] }),
    index('refund_lines_line').on(t.transactionProductId),
    check('refund_lines_quantity', sql`${t.quantity} > 0`),
  ],
);

/** Every verified provider event as received; processed once, whatever the provider repeats. */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Whose account sent it; null for the platform's own account (subscription fees). */
    orgId: integer('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The body exactly as signed. */
    payload: text('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  // Event ids are the provider's, unique within one account: two organisations' accounts may repeat them.
  (t) => [
    uniqueIndex('payment_webhook_events_event').on(t.orgId, t.provider, t.eventId),
    uniqueIndex('payment_webhook_events_platform_event').on(t.provider, t.eventId).where(sql`${t.orgId} IS NULL`),
  ],
);

/**
 * The built-in test provider's "bank" (the spec's test payment mode), kept as a provider keeps
 * its books: apart from the shop's ledger, in tables of its own, so a sale paid before a
 * restart, on another instance or by the demo seed can still be captured and refunded.
 * `kind` is the Stripe object's (`payment_intent`, `refund`, `customer`, `setup_intent`,
 * `payment_method`); `ref` is what it is looked up by besides its id (a refund's payment
 * intent, a setup's client secret).
 */
export const testBankObjects = pgTable(
  'test_bank_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key'),
    ref: text('ref'),
    body: jsonb('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('test_bank_objects_key').on(t.idempotencyKey), index('test_bank_objects_ref').on(t.ref)],
);

/** The test bank's answer to every idempotency key, so a repeated request gets the first answer after a restart too. */
export const testBankOutcomes = pgTable('test_bank_outcomes', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  ok: boolean('ok').notNull(),
  /** The answer, or the refusal's `{ kind, code, message }`. */
  body: jsonb('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
