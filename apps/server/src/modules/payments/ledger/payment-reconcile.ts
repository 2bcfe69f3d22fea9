import { PAYMENT_STATUS, type PaymentOperation } from '@vitrina/contract';
import type { ServiceContext } from '../../../lib/context.js';
import type * as repo from '../payments.repository.js';
import { type PaymentProvider, PaymentProviderError, type ProviderPayment, type ProviderRefund } from '../provider.js';
import {
  actedOn,
  DONE_WHEN,
  isKeyRefused,
  PROVIDER_IDEMPOTENCY_WINDOW_MS,
  refreshPayment,
  settleAs,
  settleByAnswer,
  settleByAsking,
} from './payment-followup.js';

/** The payment as the provider sees it, or null when it refuses to say (no such payment): then it is asked again. */
async function paymentOrNull(provider: PaymentProvider, reference: string): Promise<ProviderPayment | null> {
  try {
    return await provider.retrievePayment(reference);
  } catch (error) {
    if (error instanceof PaymentProviderError && error.kind === 'refused') return null;
    throw error;
  }
}

/**
 * One row left in process, found out about without ever doing anything twice:
 * - answered but undecided (a pending refund, a hold or charge waiting for the buyer's bank):
 *   looked at (GET), not asked again; a hold or charge still undecided past the provider's
 *   idempotency window is abandoned: let go at the provider, and failed;
 * - a capture or release: the payment is looked at, and the operation asked again (same key)
 *   only if it is not done: a payment is captured or let go once whatever the key;
 * - unanswered (a time-out, a crash): asked again with the same key and the same request
 *   within the window (the provider replays the first answer or does it once); past the
 *   window, or when the provider refuses the key, found by the key in its metadata.
 */
export async function reconcileRow(
  ctx: ServiceContext,
  provider: PaymentProvider,
  row: repo.PaymentTransactionRow,
): Promise<repo.PaymentTransactionRow> {
  const operation = row.operation as PaymentOperation;
  const isPastWindow = ctx.clock.nowMs() - row.createdAt.getTime() > PROVIDER_IDEMPOTENCY_WINDOW_MS;
  const reference = await actedOn(ctx.db, row);
  if (operation === 'capture' || operation === 'release') {
    const payment = await paymentOrNull(provider, reference);
    if (payment && DONE_WHEN[operation].includes(payment.status)) return settleByAnswer(ctx, row, payment);
    return settleByAsking(ctx, provider, row);
  }
  // A refund's row holds the refund's id once answered (rows of before kept the payment's meanwhile).
  const answered = row.providerReference !== null && row.providerReference !== reference;
  if (operation === 'refund' && answered) {
    try {
      return await settleByAnswer(ctx, row, await provider.retrieveRefund(row.providerReference!));
    } catch (error) {
      if (!(error instanceof PaymentProviderError) || error.kind !== 'refused') throw error;
      return settleAs(ctx, row, PAYMENT_STATUS.error, error.code, error.reason);
    }
  }
  if (operation !== 'refund' && answered) {
    const { row: looked } = await refreshPayment(ctx, provider, row);
    if (looked.status !== PAYMENT_STATUS.inProcess || !isPastWindow) return looked;
    await provider.release({ idempotencyKey: `${row.idempotencyKey}:abandoned`, reference: row.providerReference! });
    return settleAs(ctx, row, PAYMENT_STATUS.error, 'abandoned', 'Not completed by the buyer within a day; let go');
  }
  if (!isPastWindow && !isKeyRefused(row)) return settleByAsking(ctx, provider, row);
  let found: ProviderPayment | ProviderRefund | null;
  try {
    found = await provider.findByKey(
      operation === 'refund'
        ? { operation, idempotencyKey: row.idempotencyKey, paymentReference: reference }
        : { operation: operation as 'hold' | 'charge', idempotencyKey: row.idempotencyKey },
    );
  } catch (error) {
    if (!(error instanceof PaymentProviderError) || error.isOutcomeUnknown) throw error;
    // The provider cannot be searched (Stripe's Search API is not everywhere): an operator checks.
    return settleAs(
      ctx,
      row,
      PAYMENT_STATUS.suspended,
      'reconciliation_window_passed',
      'Not settled within the provider’s idempotency window, and not found by its key; check it at the provider',
    );
  }
  if (found) return settleByAnswer(ctx, row, found);
  // Past the key's window a search has long caught up: nothing carries the key, nothing was done.
  if (isPastWindow)
    return settleAs(ctx, row, PAYMENT_STATUS.error, 'not_at_provider', 'The provider has no such payment');
  return row;
}
