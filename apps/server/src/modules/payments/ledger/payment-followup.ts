import { PAYMENT_STATUS, type PaymentOperation } from '@vitrina/contract';
import type { Db } from '../../../db/client.js';
import type { ServiceContext } from '../../../lib/context.js';
import * as repo from '../payments.repository.js';
import {
  type PaymentProvider,
  PaymentProviderError,
  type ProviderPayment,
  type ProviderPaymentStatus,
  type ProviderRefund,
} from '../provider.js';
import type { PaymentProviders } from '../provider-registry.js';

/** What the provider is asked, stored on the row so a retry asks the very same thing again. */
export type StoredRequest = {
  amountMinor?: number;
  currency?: string;
  paymentMethod?: string;
  customer?: string;
  description?: string;
  /** The payment a capture, release or refund acts on (Stripe: its pi_…), whatever the row's reference becomes. */
  reference?: string;
  /** A hold with the buyer present: where their bank's authentication sends them back. */
  returnUrl?: string;
};

/** Stripe keeps idempotency keys at least 24 hours; past that, asking again could do it twice. */
export const PROVIDER_IDEMPOTENCY_WINDOW_MS = 24 * 3600_000;

/** The provider's states of a payment in which each operation is done. */
export const DONE_WHEN: Record<Exclude<PaymentOperation, 'refund'>, readonly ProviderPaymentStatus[]> = {
  hold: ['held', 'captured'],
  charge: ['captured'],
  capture: ['captured'],
  release: ['released'],
};
/** Refusals of a key, not of the request: a key asked again with other parameters (a changed encoding). */
const KEY_REFUSALS = new Set(['idempotency_error', 'idempotency_key_in_use']);

export const isKeyRefused = (row: repo.PaymentTransactionRow) => KEY_REFUSALS.has(row.errorCode ?? '');

/** The payment a row acts on: stored with it, or (rows of before it was stored) its parent's. */
export async function actedOn(db: Db, row: repo.PaymentTransactionRow): Promise<string> {
  const stored = row.request as StoredRequest;
  if (stored.reference) return stored.reference;
  if (row.parentId === null) return row.providerReference ?? '';
  return (await repo.findById(db, row.parentId))?.providerReference ?? '';
}

/** Calls the provider for a row (the first time or again, always exactly the first request) and settles it by the answer. */
export async function settleByAsking(
  ctx: ServiceContext,
  provider: PaymentProvider,
  row: repo.PaymentTransactionRow,
): Promise<repo.PaymentTransactionRow> {
  try {
    const answer = await askProvider(provider, row, await actedOn(ctx.db, row));
    return await settleByAnswer(ctx, row, answer);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    // Unknown outcome, or a key the provider would not replay: still in process, with the
    // reason on the row, until reconciliation finds out.
    const isOpen = error.isOutcomeUnknown || KEY_REFUSALS.has(error.code);
    const settled = await repo.settle(ctx.db, row.id, {
      status: isOpen ? PAYMENT_STATUS.inProcess : PAYMENT_STATUS.error,
      errorCode: error.code,
      errorMessage: error.reason,
      now: ctx.clock.now(),
    });
    return settled ?? (await repo.findById(ctx.db, row.id))!;
  }
}

/**
 * Settles a row by what the provider says: done (1), failed (2), or still deciding (10, with
 * the provider's reference, so later it is looked at, not asked again: a refund the bank has
 * not confirmed, a buyer at their bank's 3-D Secure page).
 */
export async function settleByAnswer(
  ctx: ServiceContext,
  row: repo.PaymentTransactionRow,
  answer: ProviderPayment | ProviderRefund,
): Promise<repo.PaymentTransactionRow> {
  const outcome = 'paymentReference' in answer ? refundOutcome(answer) : paymentOutcome(row, answer);
  const failure =
    'paymentReference' in answer
      ? { errorCode: 'refund_failed', errorMessage: answer.failureReason ?? 'The provider reports the refund failed' }
      : { errorCode: 'payment_failed', errorMessage: 'The provider reports the payment failed' };
  const settled = await repo.settle(ctx.db, row.id, {
    status: outcome,
    providerReference: answer.reference,
    ...(outcome === PAYMENT_STATUS.error ? failure : { errorCode: null, errorMessage: null }),
    now: ctx.clock.now(),
  });
  return settled ?? (await repo.findById(ctx.db, row.id))!;
}

function refundOutcome(refund: ProviderRefund) {
  if (refund.status === 'succeeded') return PAYMENT_STATUS.success;
  return refund.status === 'failed' ? PAYMENT_STATUS.error : PAYMENT_STATUS.inProcess;
}

function paymentOutcome(row: repo.PaymentTransactionRow, payment: ProviderPayment) {
  const operation = row.operation as Exclude<PaymentOperation, 'refund'>;
  if (DONE_WHEN[operation].includes(payment.status)) return PAYMENT_STATUS.success;
  if (payment.status === 'pending') return PAYMENT_STATUS.inProcess;
  // A hold or charge whose payment failed or was let go took nothing; a capture or a release
  // asked of a payment in another state is refused by the provider, which says why.
  return PAYMENT_STATUS.error;
}

function askProvider(
  provider: PaymentProvider,
  row: repo.PaymentTransactionRow,
  reference: string,
): Promise<ProviderPayment | ProviderRefund> {
  const stored = row.request as StoredRequest;
  const idempotencyKey = row.idempotencyKey;
  switch (row.operation as PaymentOperation) {
    case 'hold':
      return provider.hold({
        idempotencyKey,
        amountMinor: row.amountMinor,
        currency: row.currency,
        paymentMethod: stored.paymentMethod,
        customer: stored.customer,
        description: stored.description,
        returnUrl: stored.returnUrl,
      });
    case 'charge':
      return provider.chargeSavedCard({
        idempotencyKey,
        amountMinor: row.amountMinor,
        currency: row.currency,
        paymentMethod: stored.paymentMethod ?? '',
        customer: stored.customer ?? '',
        description: stored.description,
      });
    case 'capture':
      return provider.capture({ idempotencyKey, reference, amountMinor: stored.amountMinor });
    case 'release':
      return provider.release({ idempotencyKey, reference });
    case 'refund':
      return provider.refund({ idempotencyKey, reference, amountMinor: stored.amountMinor });
  }
}

/**
 * A hold or charge the provider answered as undecided, looked at again (it changes nothing):
 * settled when the provider has decided, and with the page of the buyer's bank while it waits
 * for them (3-D Secure). A row with no provider reference yet is answered as it is.
 */
export async function refreshPayment(
  ctx: ServiceContext,
  provider: PaymentProvider,
  row: repo.PaymentTransactionRow,
): Promise<{ row: repo.PaymentTransactionRow; redirectUrl: string | null }> {
  if (row.status !== PAYMENT_STATUS.inProcess || !row.providerReference) return { row, redirectUrl: null };
  try {
    const payment = await provider.retrievePayment(row.providerReference);
    return { row: await settleByAnswer(ctx, row, payment), redirectUrl: payment.redirectUrl ?? null };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (error.isOutcomeUnknown || error.kind === 'credentials') return { row, redirectUrl: null };
    // The provider has no such payment (the test provider's bank forgets at a restart).
    return { row: await settleAs(ctx, row, PAYMENT_STATUS.error, error.code, error.reason), redirectUrl: null };
  }
}

export async function settleAs(
  ctx: ServiceContext,
  row: repo.PaymentTransactionRow,
  status: typeof PAYMENT_STATUS.error | typeof PAYMENT_STATUS.suspended,
  errorCode: string,
  errorMessage: string,
): Promise<repo.PaymentTransactionRow> {
  const settled = await repo.settle(ctx.db, row.id, { status, errorCode, errorMessage, now: ctx.clock.now() });
  return settled ?? (await repo.findById(ctx.db, row.id))!;
}

/**
 * A hold or charge of an organisation's payment system followed up while its caller waits (a
 * buyer at the open-fridge page): an answer lost on the way is asked for once more with the
 * same key (the provider replays it), and an undecided one is looked at, with the page of the
 * buyer's bank while it waits for them (3-D Secure).
 */
export async function followPayment(
  ctx: ServiceContext,
  providers: PaymentProviders,
  row: repo.PaymentTransactionRow,
): Promise<{ row: repo.PaymentTransactionRow; redirectUrl: string | null }> {
  if (row.status !== PAYMENT_STATUS.inProcess || row.throughPlatform) return { row, redirectUrl: null };
  const found = await providers.forOrg(ctx.db, row.orgId);
  if (!found || found.row.provider !== row.provider) return { row, redirectUrl: null };
  const asked = row.providerReference ? row : await settleByAsking(ctx, found.provider, row);
  return refreshPayment(ctx, found.provider, asked);
}
