import type { PaymentOperation, PaymentProviderKind, TestProviderSimulation } from '@vitrina/contract';
import { PAYMENT_STATUS, type PAYMENT_TYPE } from '@vitrina/contract';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { preparedQuery, slot } from '../../db/prepared.js';
import { paymentSettings, paymentTransactions, paymentWebhookEvents } from '../../db/schema/index.js';

export type PaymentSettingsRow = typeof paymentSettings.$inferSelect;
export type PaymentTransactionRow = typeof paymentTransactions.$inferSelect;

export async function findSettings(db: Db, orgId: number): Promise<PaymentSettingsRow | null> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.orgId, orgId));
  return row ?? null;
}

export async function saveSettings(
  db: Db,
  values: {
    orgId: number;
    provider: PaymentProviderKind;
    credentialsSealed: string | null;
    simulate: TestProviderSimulation;
    /** The provider account, when it stays the one known (card-setup.service.ts learns it otherwise). */
    accountId?: string | null;
    updatedAt: Date;
    updatedBy: number | null;
  },
): Promise<PaymentSettingsRow> {
  const { orgId, ...changes } = values;
  const [row] = await db
    .insert(paymentSettings)
    .values(values)
    .onConflictDoUpdate({ target: paymentSettings.orgId, set: changes })
    .returning();
  return row!;
}

export type NewPaymentTransaction = {
  orgId: number;
  type: (typeof PAYMENT_TYPE)[keyof typeof PAYMENT_TYPE];
  operation: PaymentOperation;
  provider: PaymentProviderKind;
  amountMinor: number;
  currency: string;
  idempotencyKey: string;
  parentId: number | null;
  providerReference: string | null;
  request: Record<string, unknown>;
  transactionId?: number | null;
  /** Through the platform's payment system (a subscription fee). */
  throughPlatform?: boolean;
  now: Date;
};

/** The in-process row, or null when the key already has one (a retry): the caller reads that one. */
export async function insertInProcess(db: Db, values: NewPaymentTransaction): Promise<PaymentTransactionRow | null> {
  const { now, ...rest } = values;
  const [row] = await inProcessInsert(db, {
    ...rest,
    transactionId: rest.transactionId ?? null,
    throughPlatform: rest.throughPlatform ?? false,
    status: PAYMENT_STATUS.inProcess,
    now,
  });
  return row ?? null;
}
// Every payment of every sale starts with it: built once (prepared.ts).
const inProcessInsert = preparedQuery<Required<NewPaymentTransaction> & { status: number }, PaymentTransactionRow[]>(
  (db) =>
    db
      .insert(paymentTransactions)
      .values({
        orgId: slot('orgId'),
        type: slot('type'),
        status: slot('status'),
        operation: slot('operation'),
        provider: slot('provider'),
        amountMinor: slot('amountMinor'),
        currency: slot('currency'),
        idempotencyKey: slot('idempotencyKey'),
        transactionId: slot('transactionId'),
        parentId: slot('parentId'),
        providerReference: slot('providerReference'),
        request: slot('request'),
        throughPlatform: slot('throughPlatform'),
        createdAt: slot('now'),
        updatedAt: slot('now'),
      })
      .onConflictDoNothing({ target: paymentTransactions.idempotencyKey })
      .returning(),
);

export async function findByKey(db: Db, idempotencyKey: string): Promise<PaymentTransactionRow | null> {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.idempotencyKey, idempotencyKey));
  return row ?? null;
}

export async function findById(db: Db, id: number): Promise<PaymentTransactionRow | null> {
  const [row] = await db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id));
  return row ?? null;
}

export type Settlement = {
  status: Exclude<(typeof PAYMENT_STATUS)[keyof typeof PAYMENT_STATUS], typeof PAYMENT_STATUS.new>;
  providerReference?: string | null;
  errorCode?: string | null;
  errorMessage?: string | null;
  now: Date;
};

/**
 * Settles a row still in process; a row someone else settled meanwhile is left alone (null).
 * Every row's status changes here; a refund row failed here gives back the products' units it
 * held, in this same statement (the trigger `payment_transactions_refund_failed`, migration 0041).
 */
export async function settle(db: Db, id: number, settlement: Settlement): Promise<PaymentTransactionRow | null> {
  const { now, status } = settlement;
  const [row] = await settleInProcess(db, {
    id,
    status,
    now,
    // A field the settlement does not name keeps its value.
    keepReference: settlement.providerReference === undefined,
    providerReference: settlement.providerReference ?? null,
    keepErrorCode: settlement.errorCode === undefined,
    errorCode: settlement.errorCode ?? null,
    keepErrorMessage: settlement.errorMessage === undefined,
    errorMessage: settlement.errorMessage ?? null,
    settledAt: status === PAYMENT_STATUS.inProcess ? null : now.toISOString(),
  });
  return row ?? null;
}
// Every payment ends with it: built once (prepared.ts).
const kept = (column: AnyPgColumn, name: string, keep: string) =>
  sql`CASE WHEN ${sql.placeholder(keep)}::boolean THEN ${column} ELSE ${sql.placeholder(name)} END`;
const settleInProcess = preparedQuery<
  {
    id: number;
    status: number;
    now: Date;
    keepReference: boolean;
    providerReference: string | null;
    keepErrorCode: boolean;
    errorCode: string | null;
    keepErrorMessage: boolean;
    errorMessage: string | null;
    settledAt: string | null;
  },
  PaymentTransactionRow[]
>((db) =>
  db
    .update(paymentTransactions)
    .set({
      status: slot('status'),
      updatedAt: slot('now'),
      providerReference: kept(paymentTransactions.providerReference, 'providerReference', 'keepReference'),
      errorCode: kept(paymentTransactions.errorCode, 'errorCode', 'keepErrorCode'),
      errorMessage: kept(paymentTransactions.errorMessage, 'errorMessage', 'keepErrorMessage'),
      // Still in process: not settled yet, whatever it was.
      settledAt: sql`coalesce(${sql.placeholder('settledAt')}::timestamptz, ${paymentTransactions.settledAt})`,
    })
    .where(
      and(eq(paymentTransactions.id, sql.placeholder('id')), eq(paymentTransactions.status, PAYMENT_STATUS.inProcess)),
    )
    .returning(),
);

/**
 * A succeeded refund the bank reports failed after all: an error now, with the bank's reason.
 * Migration 0041's trigger gives its units back to the sale's lines in the same statement.
 */
export async function reverseRefund(
  db: Db,
  id: number,
  failure: { errorCode?: string | null; errorMessage?: string | null; now: Date },
): Promise<PaymentTransactionRow | null> {
  const [row] = await db
    .update(paymentTransactions)
    .set({
      status: PAYMENT_STATUS.error,
      errorCode: failure.errorCode ?? null,
      errorMessage: failure.errorMessage ?? null,
      updatedAt: failure.now,
    })
    .where(
      and(
        eq(paymentTransactions.id, id),
        eq(paymentTransactions.operation, 'refund'),
        eq(paymentTransactions.status, PAYMENT_STATUS.success),
      ),
    )
    .returning();
  return row ?? null;
}

/** Counts an attempt of reconciliation, so a row that keeps failing is seen moving. */
export async function touchAttempt(db: Db, row: PaymentTransactionRow, now: Date): Promise<void> {
  await db
    .update(paymentTransactions)
    .set({ attempts: row.attempts + 1, updatedAt: now })
    .where(and(eq(paymentTransactions.id, row.id), eq(paymentTransactions.status, PAYMENT_STATUS.inProcess)));
}

/** Rows left in process since before `before`, oldest first. */
export async function listStuck(db: Db, before: Date, limit: number): Promise<PaymentTransactionRow[]> {
  return db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.status, PAYMENT_STATUS.inProcess), lt(paymentTransactions.updatedAt, before)))
    .orderBy(asc(paymentTransactions.updatedAt))
    .limit(limit);
}

export async function findByReference(db: Db, provider: string, reference: string): Promise<PaymentTransactionRow[]> {
  return db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.provider, provider), eq(paymentTransactions.providerReference, reference)));
}

/** Stores an event once; null when this provider's event id was stored before (a repeated delivery). */
export async function insertWebhookEvent(
  db: Db,
  values: {
    /** Null for the platform's own account. */
    orgId: number | null;
    provider: string;
    eventId: string;
    eventType: string;
    payload: string;
    now: Date;
    /** Stored as processed already: the event changes nothing. */
    isProcessed?: boolean;
  },
) {
  const { now, isProcessed, ...rest } = values;
  const [row] = await db
    .insert(paymentWebhookEvents)
    .values({ ...rest, receivedAt: now, ...(isProcessed ? { processedAt: now } : {}) })
    // Either unique index: (organisation, provider, event) or the platform's (provider, event).
    .onConflictDoNothing()
    .returning({ id: paymentWebhookEvents.id });
  return row ?? null;
}

export async function markWebhookProcessed(db: Db, id: number, now: Date): Promise<void> {
  await db.update(paymentWebhookEvents).set({ processedAt: now }).where(eq(paymentWebhookEvents.id, id));
}
