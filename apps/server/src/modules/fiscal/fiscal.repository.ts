import { PAYMENT_STATUS } from '@vitrina/contract';
import { and, asc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  fiscalReceipts,
  fiscalSettings,
  organizations,
  paymentTransactions,
  refundLines,
} from '../../db/schema/index.js';

export type FiscalSettingsRow = typeof fiscalSettings.$inferSelect;
export type FiscalReceiptRow = typeof fiscalReceipts.$inferSelect;

export async function findFiscalSettings(db: Db, orgId: number): Promise<FiscalSettingsRow | null> {
  const [row] = await db.select().from(fiscalSettings).where(eq(fiscalSettings.orgId, orgId));
  return row ?? null;
}

/** The settings with the organisation's clock, for the nightly close and the sale path. */
export async function findFiscalSettingsWithZone(db: Db, orgId: number) {
  const [row] = await db
    .select({ settings: fiscalSettings, timeZone: organizations.timeZone })
    .from(fiscalSettings)
    .innerJoin(organizations, eq(organizations.id, fiscalSettings.orgId))
    .where(eq(fiscalSettings.orgId, orgId));
  return row ?? null;
}

/** Every register that opens its own shifts (all but the test provider's), with its organisation's clock. */
export function listSelfOpeningRegisters(db: Db) {
  return db
    .select({ settings: fiscalSettings, timeZone: organizations.timeZone })
    .from(fiscalSettings)
    .innerJoin(organizations, eq(organizations.id, fiscalSettings.orgId))
    .where(ne(fiscalSettings.provider, 'test'));
}

export async function saveFiscalSettings(
  db: Db,
  values: Omit<typeof fiscalSettings.$inferInsert, 'shiftOpen' | 'shiftProblem' | 'shiftCheckedAt' | 'dailyCloseOn'>,
): Promise<FiscalSettingsRow> {
  const { orgId, ...changes } = values;
  const [row] = await db
    .insert(fiscalSettings)
    .values(values)
    .onConflictDoUpdate({ target: fiscalSettings.orgId, set: changes })
    .returning();
  return row!;
}

/**
 * The shift as last seen at the provider, for the sale path's closed-shift refusal: open or
 * not, and why it could not be opened (null: nothing stands in the way).
 */
export async function rememberShift(
  db: Db,
  orgId: number,
  shift: { isOpen: boolean; problem?: string | null; at: Date; dailyCloseOn?: string },
): Promise<void> {
  await db
    .update(fiscalSettings)
    .set({
      shiftOpen: shift.isOpen,
      shiftProblem: shift.problem ?? null,
      shiftCheckedAt: shift.at,
      ...(shift.dailyCloseOn ? { dailyCloseOn: shift.dailyCloseOn } : {}),
    })
    .where(eq(fiscalSettings.orgId, orgId));
}

/** The sale receipt of a paid sale (its return receipts are rows of their own). */
export async function findFiscalReceipt(db: Db, transactionId: number): Promise<FiscalReceiptRow | null> {
  const [row] = await db
    .select()
    .from(fiscalReceipts)
    .where(and(eq(fiscalReceipts.transactionId, transactionId), eq(fiscalReceipts.kind, 'sale')));
  return row ?? null;
}

/** The return receipt of one refund (a payment ledger row). */
export async function findReturnReceipt(db: Db, refundPaymentId: number): Promise<FiscalReceiptRow | null> {
  const [row] = await db
    .select()
    .from(fiscalReceipts)
    .where(and(eq(fiscalReceipts.refundPaymentId, refundPaymentId), eq(fiscalReceipts.kind, 'return')));
  return row ?? null;
}

/** The correction of one refund's return receipt (the bank reversed the refund). */
export async function findCorrectionReceipt(db: Db, refundPaymentId: number): Promise<FiscalReceiptRow | null> {
  const [row] = await db
    .select()
    .from(fiscalReceipts)
    .where(and(eq(fiscalReceipts.refundPaymentId, refundPaymentId), eq(fiscalReceipts.kind, 'correction')));
  return row ?? null;
}

/** A return receipt never sent to the register, of a refund the bank reversed: there is nothing to return. */
export async function deleteUnsentReturn(db: Db, id: number): Promise<void> {
  await db
    .delete(fiscalReceipts)
    .where(
      and(
        eq(fiscalReceipts.id, id),
        eq(fiscalReceipts.kind, 'return'),
        sql`${fiscalReceipts.providerReceiptId} IS NULL`,
        ne(fiscalReceipts.status, 'ready'),
      ),
    );
}

/** The return receipts of a sale's refunds and the corrections of reversed ones, oldest first. */
export function findReturnReceipts(db: Db, transactionId: number): Promise<FiscalReceiptRow[]> {
  return db
    .select()
    .from(fiscalReceipts)
    .where(and(eq(fiscalReceipts.transactionId, transactionId), inArray(fiscalReceipts.kind, ['return', 'correction'])))
    .orderBy(asc(fiscalReceipts.id));
}

/**
 * Every receipt of a sale, for the operator: the sale receipt first, then the returns and
 * corrections as they were made, each with its refund's (ledger row's) time and amount.
 */
export function listSaleReceipts(db: Db, transactionId: number) {
  return db
    .select({
      receipt: fiscalReceipts,
      refundAt: paymentTransactions.createdAt,
      refundMinor: paymentTransactions.amountMinor,
    })
    .from(fiscalReceipts)
    .leftJoin(paymentTransactions, eq(paymentTransactions.id, fiscalReceipts.refundPaymentId))
    .where(eq(fiscalReceipts.transactionId, transactionId))
    .orderBy(sql`${fiscalReceipts.kind} <> 'sale'`, asc(fiscalReceipts.id));
}

/**
 * The sale's refunds before this one (by ledger row), oldest first, that gave money back or are
 * giving it back: what a return receipt of a part works out what is left of each line from.
 */
export async function findEarlierRefunds(
  db: Db,
  transactionId: number,
  refundPaymentId: number,
): Promise<{ amountMinor: number; units: Map<number, number> }[]> {
  const rows = await db
    .select({ id: paymentTransactions.id, amountMinor: paymentTransactions.amountMinor })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.transactionId, transactionId),
        eq(paymentTransactions.operation, 'refund'),
        lt(paymentTransactions.id, refundPaymentId),
        inArray(paymentTransactions.status, [PAYMENT_STATUS.success, PAYMENT_STATUS.inProcess]),
      ),
    )
    .orderBy(asc(paymentTransactions.id));
  const units =
    rows.length === 0
      ? []
      : await db
          .select({
            refundId: refundLines.paymentTransactionId,
            lineId: refundLines.transactionProductId,
            quantity: refundLines.quantity,
          })
          .from(refundLines)
          .where(
            inArray(
              refundLines.paymentTransactionId,
              rows.map((row) => row.id),
            ),
          );
  return rows.map((row) => ({
    amountMinor: row.amountMinor,
    units: new Map(units.filter((unit) => unit.refundId === row.id).map((unit) => [unit.lineId, unit.quantity])),
  }));
}

/** The units a refund's ledger row gives back (`refund_lines`), by sale line id: none for a refund by amount. */
export async function findRefundedUnits(db: Db, refundPaymentId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ lineId: refundLines.transactionProductId, quantity: refundLines.quantity })
    .from(refundLines)
    .where(eq(refundLines.paymentTransactionId, refundPaymentId));
  return new Map(rows.map((row) => [row.lineId, row.quantity]));
}

/** The receipt's row (made on the first attempt), with this attempt counted: one per sale, one return and one correction per refund. */
export async function startAttempt(
  db: Db,
  values: {
    transactionId: number;
    orgId: number;
    micromarketId: number;
    kind: 'sale' | 'return' | 'correction';
    refundPaymentId: number | null;
    amountMinor: number;
    now: Date;
  },
): Promise<FiscalReceiptRow> {
  const { now, ...row } = values;
  const isSale = values.kind === 'sale';
  const [saved] = await db
    .insert(fiscalReceipts)
    .values({ ...row, attempts: 1, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: isSale ? fiscalReceipts.transactionId : fiscalReceipts.refundPaymentId,
      // Written out, not bound: PostgreSQL matches a partial unique index only by its literal predicate.
      targetWhere: {
        sale: sql`${fiscalReceipts.kind} = 'sale'`,
        return: sql`${fiscalReceipts.kind} = 'return'`,
        correction: sql`${fiscalReceipts.kind} = 'correction'`,
      }[values.kind],
      set: {
        attempts: sql`${fiscalReceipts.attempts} + 1`,
        // A ready receipt stays ready; a failed one asked again is pending again.
        status: sql`CASE WHEN ${fiscalReceipts.status} = 'ready' THEN 'ready' ELSE 'pending' END`,
        updatedAt: now,
      },
    })
    .returning();
  return saved!;
}

export async function updateFiscalReceipt(
  db: Db,
  id: number,
  changes: Partial<Omit<FiscalReceiptRow, 'id' | 'transactionId'>> & { updatedAt: Date },
): Promise<void> {
  await db.update(fiscalReceipts).set(changes).where(eq(fiscalReceipts.id, id));
}
