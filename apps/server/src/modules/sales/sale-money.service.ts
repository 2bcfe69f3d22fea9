import { PAYMENT_STATUS, SALE_PAYMENT, SALE_STATUS } from '@vitrina/contract';
import type { Db } from '../../db/client.js';
import type { ServiceContext } from '../../lib/context.js';
import { markSaleTagsSold } from '../tags/index.js';
import * as repo from './sales.repository.js';
import { announceSale, takenByLedger } from './settlement.service.js';

const isRefunded = (row: repo.LedgerRow) => row.operation === 'refund' && row.status === PAYMENT_STATUS.success;

/**
 * What the ledger now says, on the sale, inside the caller's database transaction (the sale
 * row locked first, so refunds and late payments of one sale book one after another): paid
 * and refunded are sums of the ledger's successful rows (so booking twice changes nothing),
 * and a settled sale that was not paid becomes paid, its tags sold, once the money taken
 * covers its amount. Announces `paid` for that, and `refunded` for each refund that
 * succeeded since the sale last looked. A sale the settlement still owns (new, manual,
 * processing) is left to it. Answers the sale before and after, or null when there is
 * nothing to book.
 */
export async function syncSaleMoney(ctx: ServiceContext, tx: Db, id: number) {
  const now = ctx.clock.now();
  const before = await repo.lockSale(tx, id);
  if (before?.status !== SALE_STATUS.successful) return null;
  const ledger = await repo.ledgerOf(tx, id);
  const paidMinor = takenByLedger(ledger);
  const refunds = ledger.filter(isRefunded);
  const refundedMinor = refunds.reduce((sum, row) => sum + row.amountMinor, 0);
  const isNowPaid =
    before.paymentStatus === SALE_PAYMENT.notPaid && before.amountMinor > 0 && paidMinor >= before.amountMinor;
  const after = await repo.updateSale(tx, id, {
    paidMinor,
    refundedMinor,
    ...(isNowPaid ? { paymentStatus: SALE_PAYMENT.paid, errorCode: null, settledAt: now } : {}),
    updatedAt: now,
  });
  if (isNowPaid) {
    await markSaleTagsSold(tx, after, now);
    await ctx.saleEvents.emit(tx, 'paid', { sale: after, settings: null });
  }
  // Announced once per change with every refund; the subscribers key on each refund.
  if (refundedMinor !== before.refundedMinor) await ctx.saleEvents.emit(tx, 'refunded', { sale: after, refunds });
  return { before, after };
}

/**
 * A row of a sale's ledger settled after the fact (webhook, reconciliation), in the database
 * transaction that settled it: the sale follows, and a refund that ended in error (the bank
 * reversed it after all) is announced as `refundReversed` once it has.
 */
export async function onSaleLedgerSettled(ctx: ServiceContext, db: Db, row: repo.LedgerRow) {
  const { transactionId } = row;
  if (transactionId === null) return;
  const synced = await syncSaleMoney(ctx, db, transactionId);
  if (synced) announceSale(ctx, synced.after);
  if (row.operation === 'refund' && row.status === PAYMENT_STATUS.error) {
    await ctx.saleEvents.emit(db, 'refundReversed', { refund: { ...row, transactionId } });
  }
}
