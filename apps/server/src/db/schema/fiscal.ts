import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { micromarkets } from './catalogue.js';
import { organizations } from './organizations.js';
import { transactions } from './sales.js';

/**
 * An organisation's fiscal provider (one cash register per organisation). Credentials are
 * one sealed JSON object (lib/secrets.ts, bound to the organisation), never plain.
 * `shift_open` and `shift_problem` mirror the register's shift as last seen, so the sale path
 * can refuse on a closed shift (§8) without asking the provider.
 */
export const fiscalSettings = pgTable('fiscal_settings', {
  orgId: integer('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['test', 'checkbox'] }).notNull(),
  credentialsSealed: text('credentials_sealed'),
  /** Test provider only: a registered receipt becomes ready this many seconds later. */
  delaySeconds: integer('delay_seconds').notNull().default(0),
  shiftOpen: boolean('shift_open').notNull().default(false),
  /** The register's tax groups for products that name none of their own; empty: goods are not taxed. */
  taxCodes: text('tax_codes').array().notNull().default(sql`'{}'::text[]`),
  /** `HH:MM` on the organisation's clock: a register that opens its own shifts closes it then, daily. */
  shiftCloseTime: text('shift_close_time').notNull().default('23:50'),
  /** Why the register could not open a shift when it last tried (the sale path refuses then); null when it could. */
  shiftProblem: text('shift_problem'),
  /** When the shift was last opened, closed or found at the provider. */
  shiftCheckedAt: timestamp('shift_checked_at', { withTimezone: true }),
  /** The organisation's day whose nightly close is done. */
  dailyCloseOn: date('daily_close_on', { mode: 'string' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by'),
});

/**
 * A fiscal receipt: the sale receipt of a paid sale (once per sale), the return receipt of
 * one refund (once per refund's ledger row), or the correction of a return whose refund the
 * bank reversed (a sale receipt of the same goods, once per refund), registered by the
 * `fiscal.register` job.
 */
export const fiscalReceipts = pgTable(
  'fiscal_receipts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    micromarketId: integer('micromarket_id')
      .notNull()
      .references(() => micromarkets.id),
    /**
     * sale: the paid sale's receipt; return: the receipt of the refund `refund_payment_id`;
     * correction: a sale receipt undoing that refund's return, the bank having reversed the refund.
     */
    kind: text('kind', { enum: ['sale', 'return', 'correction'] })
      .notNull()
      .default('sale'),
    /** The refund (a payment ledger row) a return receipt gives back. */
    refundPaymentId: bigint('refund_payment_id', { mode: 'number' }),
    /** What the receipt is for, in minor units: the sale's amount or the refund's. */
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    /** pending: not registered or not ready yet; ready: the provider's document is here; failed: retries ran out. */
    status: text('status', { enum: ['pending', 'ready', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    provider: text('provider'),
    /** The provider's id of the registered receipt. */
    providerReceiptId: text('provider_receipt_id'),
    fiscalNumber: text('fiscal_number'),
    fiscalSign: text('fiscal_sign'),
    url: text('url'),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    /**
     * What was registered, as sent (lines with their codes, tax groups, prices and discounts,
     * the receipt's discount and total), so a correction prints exactly the return it undoes.
     * Null on receipts registered before (migration 0045) and on those not registered yet.
     */
    document: jsonb('document').$type<FiscalRegisteredDocument>(),
    /** Why the last attempt did not finish (fiscal.shift_closed, fiscal.not_ready, …), for the operator. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fiscal_receipts_transaction').on(t.transactionId).where(sql`${t.kind} = 'sale'`),
    uniqueIndex('fiscal_receipts_refund').on(t.refundPaymentId).where(sql`${t.kind} = 'return'`),
    uniqueIndex('fiscal_receipts_correction').on(t.refundPaymentId).where(sql`${t.kind} = 'correction'`),
    // A sale's return and correction receipts, for its receipt page.
    index('fiscal_receipts_returns').on(t.transactionId).where(sql`${t.kind} <> 'sale'`),
    check(
      'fiscal_receipts_kind',
      sql`${t.kind} IN ('sale', 'return', 'correction') AND (${t.kind} = 'sale') = (${t.refundPaymentId} IS NULL)`,
    ),
    index('fiscal_receipts_org_status').on(t.orgId, t.status),
    check('fiscal_receipts_status', sql`${t.status} IN ('pending', 'ready', 'failed')`),
  ],
);

/** A registered receipt as sent to the register (fiscal_receipts.document). */
export type FiscalRegisteredDocument = {
  totalMinor: number;
  discountMinor: number;
  lines: {
    /** The product's code at the register: its article, else its id in Vitrina. */
    code: string;
    name: string;
    barcode: string | null;
    quantity: number;
    /** Per unit: the list price, and the price paid after the line's discount. */
    listPriceMinor: number;
    priceMinor: number;
    /**
     * Taken off the line's total after its unit price: on a return of products, the line's share
     * of what the refund gives back less than they were sold for (bonuses paid part of the sale,
     * or money went back by amount before). None on a sale receipt.
     */
    discountMinor?: number;
    /** The register's tax groups (codes or letters, at most two); none for goods not taxed. */
    taxCodes: string[];
  }[];
};

/** A good on a test register's receipt: its code, name and quantity, the unit price paid and the line's sum. */
export type FiscalTestReceiptLine = {
  code: string;
  name: string;
  quantity: number;
  priceMinor: number;
  sumMinor: number;
};

/**
 * The built-in test provider's own books (DESIGN §8: works offline), kept in the database so
 * its shift and receipts survive a restart: one register per organisation.
 */
export const fiscalTestShifts = pgTable('fiscal_test_shifts', {
  orgId: integer('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** Counts the shifts opened so far; the open one's number while `is_open`. */
  number: integer('number').notNull().default(0),
  isOpen: boolean('is_open').notNull().default(false),
  openedAt: timestamp('opened_at', { withTimezone: true }),
  closedAt: timestamp('closed_at', { withTimezone: true }),
});

export const fiscalTestReceipts = pgTable(
  'fiscal_test_receipts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The caller's idempotency key: a repeated registration answers the first one. */
    key: text('key').notNull(),
    shiftNumber: integer('shift_number').notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /**
     * The goods as the register printed them, each with its line's sum (price × quantity less
     * the line's discount), and the discount of the whole receipt (the bonuses): a return of
     * products lists exactly what was given back. Empty on receipts registered before.
     */
    lines: jsonb('lines').$type<FiscalTestReceiptLine[]>().notNull().default([]),
    discountMinor: bigint('discount_minor', { mode: 'number' }).notNull().default(0),
    fiscalNumber: text('fiscal_number').notNull(),
    fiscalSign: text('fiscal_sign').notNull(),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull(),
    readyAt: timestamp('ready_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('fiscal_test_receipts_key').on(t.orgId, t.key)],
);
