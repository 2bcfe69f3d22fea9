import {
  PAYMENT_STATUS,
  SALE_PAYMENT,
  SALE_STATUS,
  type TTransactionPaymentResult,
  translate,
  type ZChargeTransaction,
} from '@vitrina/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { paymentTransactions } from '../../db/schema/index.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, conflict } from '../../lib/errors.js';
import { formatMinor } from '../../lib/money.js';
import { writeAudit } from '../audit/index.js';
import { askReserved, learnAccount, type PaymentProviders, reservePayment } from '../payments/index.js';
import {
  activeCardOf,
  announceSale,
  ledgerOf,
  lockSale,
  setSaleError,
  syncSaleMoney,
  takenByLedger,
} from '../sales/index.js';
import { isGivenBack } from './refund-history.js';
import { toSalePayment, visibleSale } from './transaction-card.service.js';
import * as repo from './transactions.repository.js';

// An operator's money actions on a sale: what refunds (transaction-refund.service.ts) and charging
// again share (keys, the repeated form's answer, the booking), and charging again itself.
export type LedgerRow = typeof paymentTransactions.$inferSelect;
type PaymentAction = 'refund' | 'charge_again';

/** Keys of the panel's operations, so a client's key can never name a settlement's row. */
export const keyOf = (id: number, action: PaymentAction, clientKey: string, part = 1) =>
  `txn:${id}:${action}:${clientKey}${part > 1 ? `:${part}` : ''}`;

export async function rowsOfKey(db: Db, id: number, action: PaymentAction, clientKey: string): Promise<LedgerRow[]> {
  const prefix = keyOf(id, action, clientKey);
  return db
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.transactionId, id),
        sql`(${paymentTransactions.idempotencyKey} = ${prefix} or ${paymentTransactions.idempotencyKey} like ${`${prefix}:%`})`,
      ),
    )
    .orderBy(paymentTransactions.id);
}

const sum = (rows: LedgerRow[], pick: (row: LedgerRow) => boolean) =>
  rows.filter(pick).reduce((total, row) => total + row.amountMinor, 0);

/** A refund's parent still has this much to give back (its refunds in process count as given). */
export function remainingOf(parent: LedgerRow, ledger: LedgerRow[]): number {
  return parent.amountMinor - sum(ledger, (row) => row.parentId === parent.id && isGivenBack(row));
}

/** The provider's refusal in the caller's words, shown under §8's payment system error title. */
function failureOf(rows: LedgerRow[], actor: UserActor): string | null {
  const failed = rows.find((row) => row.status === PAYMENT_STATUS.error);
  if (!failed) return null;
  const reason = failed.errorMessage ?? failed.errorCode ?? '';
  // A charge the card's bank refused is "declined"; a refused refund is the provider refusing the request.
  const key = failed.operation === 'refund' ? 'payment.provider_refused' : 'payment.declined';
  return translate(key, actor.locale, { reason });
}

/** Books an operator's refund or charge on the sale, with its audit entry, in one database transaction. */
export async function bookLedger(
  ctx: ServiceContext,
  actor: UserActor,
  options: { id: number; action: PaymentAction; rows: LedgerRow[] },
) {
  const sale = await ctx.db.transaction(async (tx) => {
    const synced = await syncSaleMoney(ctx, tx, options.id);
    if (!synced) throw conflict('transaction.not_chargeable');
    const { before, after } = synced;
    // A refused charge keeps its reason on the sale.
    const refusal = options.rows.find((row) => row.status === PAYMENT_STATUS.error)?.errorCode;
    const sale =
      options.action === 'charge_again' && refusal && after.paymentStatus !== SALE_PAYMENT.paid
        ? await setSaleError(tx, options.id, refusal)
        : after;
    await writeAudit(tx, actor, {
      action: options.action,
      entity: 'transaction',
      entityId: options.id,
      orgId: after.orgId,
      before: {
        paid_minor: before.paidMinor,
        refunded_minor: before.refundedMinor,
        payment_status: before.paymentStatus,
      },
      after: {
        paid_minor: after.paidMinor,
        refunded_minor: after.refundedMinor,
        payment_status: after.paymentStatus,
        payments: options.rows.map((row) => ({ id: row.id, amount_minor: row.amountMinor, status: row.status })),
      },
    });
    return sale;
  });
  announceSale(ctx, sale);
}

/**
 * The sale an operator acts on (visible, editable), or the answer of the request already
 * made with this key: a repeated form answers the first outcome and moves no money.
 */
export async function openAction(
  ctx: ServiceContext,
  actor: UserActor,
  options: { id: number; action: PaymentAction; clientKey: string },
) {
  const sale = await visibleSale(ctx.db, actor, options.id);
  actor.scope.assertEditable(sale.orgId);
  const done = await rowsOfKey(ctx.db, options.id, options.action, options.clientKey);
  return { sale, repeated: done.length > 0 ? await answer(ctx, actor, options.id, done) : null };
}

export async function answer(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
  rows: LedgerRow[],
): Promise<TTransactionPaymentResult> {
  const [first] = rows;
  const row = await visibleSale(ctx.db, actor, id);
  const payment = (await ledgerOf(ctx.db, id)).find((entry) => entry.id === first!.id)!;
  return {
    payment: { ...toSalePayment(payment), amount_minor: sum(rows, () => true) },
    transaction: repo.toListItem(row),
    error: failureOf(rows, actor),
  };
}

/**
 * Charges a not-paid sale again: what is still owed, on the customer's newest saved card.
 * Paid, the sale is successful and paid and its tags sold; refused, it stays not paid with
 * the provider's reason.
 */
export async function chargeTransaction(
  ctx: ServiceContext,
  providers: PaymentProviders,
  actor: UserActor,
  id: number,
  body: z.output<typeof ZChargeTransaction>,
): Promise<TTransactionPaymentResult> {
  const { sale, repeated } = await openAction(ctx, actor, {
    id,
    action: 'charge_again',
    clientKey: body.idempotency_key,
  });
  if (repeated) return repeated;
  // The card is checked against the provider account that saved it; an account not learned
  // yet (a key saved while Stripe was unreachable) is asked for here, before the sale's lock,
  // so no request to the provider waits inside the locked transaction below.
  await learnAccount(ctx.db, providers, { kind: 'org', orgId: sale.orgId }, await providers.forOrg(ctx.db, sale.orgId));
  // Reserved under the sale's lock, like refunds: a second operator (or a second click with
  // a new key) waits, then finds the first charge in process or taken and charges nothing.
  const reserved = await ctx.db.transaction(async (tx) => {
    const locked = await lockSale(tx, id);
    const ledger = await ledgerOf(tx, id);
    if (ledger.some((row) => row.operation !== 'refund' && row.status === PAYMENT_STATUS.inProcess)) {
      throw conflict('transaction.payment_in_process');
    }
    const owed = (locked?.amountMinor ?? 0) - takenByLedger(ledger);
    const savedCard = locked?.customerId ? await activeCardOf(tx, locked.customerId) : null;
    if (
      locked?.status !== SALE_STATUS.successful ||
      locked.paymentStatus !== SALE_PAYMENT.notPaid ||
      owed <= 0 ||
      !savedCard
    ) {
      throw conflict('transaction.not_chargeable');
    }
    // The provider would refuse it (amount_too_small): said before any call, with the minimum.
    const minimum = (await providers.forOrg(tx, locked.orgId))?.provider.minimumChargeMinor(locked.currency) ?? 1;
    if (owed < minimum) {
      throw new AppError(409, 'transaction.below_minimum', { min: formatMinor(minimum, locked.currency) });
    }
    return reservePayment(
      ctx,
      providers,
      {
        orgId: sale.orgId,
        idempotencyKey: keyOf(id, 'charge_again', body.idempotency_key),
        transactionId: id,
        card: savedCard,
        request: {
          operation: 'charge',
          amountMinor: owed,
          currency: locked.currency,
          paymentMethod: savedCard.paymentMethod,
          customer: savedCard.providerCustomer,
          description: `Sale ${id}`,
        },
      },
      tx,
    );
  });
  const row = await askReserved(ctx, reserved);
  await bookLedger(ctx, actor, { id, action: 'charge_again', rows: [row] });
  return answer(ctx, actor, id, [row]);
}
