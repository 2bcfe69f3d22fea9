import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
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
import { paymentTransactions } from './payments.js';

/** One micromarket's platform subscription. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    micromarketId: integer('micromarket_id')
      .notNull()
      .references(() => micromarkets.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['active', 'paused', 'canceled'] })
      .notNull()
      .default('active'),
    /** How the organisation pays: card (charged monthly) or invoice. */
    method: text('method', { enum: ['card', 'invoice'] }).notNull(),
    autoBilling: boolean('auto_billing').notNull().default(true),
    /** Last day (exclusive) covered by a paid payment; null = never paid. */
    paidUntil: timestamp('paid_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subscriptions_micromarket').on(t.micromarketId), index('subscriptions_org').on(t.orgId)],
);

/** The card the provider saved for an organisation's subscription payments (no numbers). */
export const organizationCards = pgTable('organization_cards', {
  orgId: integer('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  paymentMethodId: text('payment_method_id').notNull(),
  customerId: text('customer_id').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: smallint('exp_month'),
  expYear: smallint('exp_year'),
  /** The platform's provider account that saved it; charged through that account only. */
  providerAccount: text('provider_account'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Numbered invoices: `INV-<year>-<seq>`, sequence per organisation-year. */
export const subscriptionInvoices = pgTable(
  'subscription_invoices',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['issued', 'paid', 'canceled'] })
      .notNull()
      .default('issued'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('subscription_invoices_seq').on(t.orgId, t.year, t.seq),
    uniqueIndex('subscription_invoices_number').on(t.orgId, t.number),
  ],
);

/** One subscription payment (§4 SUBSCRIPTION_PAYMENT_STATUS / TYPE codes). */
export const subscriptionPayments = pgTable(
  'subscription_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** 0 first payment, 1 card, 2 invoice. */
    type: smallint('type').notNull(),
    /** 0 new, 1 paid, 2 not paid, 3 canceled. */
    status: smallint('status').notNull().default(0),
    /** First day of the month paid for. */
    periodMonth: date('period_month', { mode: 'string' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    micromarketIds: jsonb('micromarket_ids').$type<number[]>().notNull().default([]),
    paymentTransactionId: bigint('payment_transaction_id', { mode: 'number' }).references(() => paymentTransactions.id),
    invoiceId: integer('invoice_id').references(() => subscriptionInvoices.id),
    /** Deterministic (org + month + type): the billing job's retries find this row. */
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('subscription_payments_key').on(t.key),
    index('subscription_payments_org_month').on(t.orgId, t.periodMonth),
    index('subscription_payments_invoice').on(t.invoiceId).where(sql`${t.invoiceId} IS NOT NULL`),
  ],
);
