import type { PaymentOperation } from '@vitrina/contract';
import { PAYMENT_STATUS } from '@vitrina/contract';
import type { Db } from '../../db/client.js';
import type { ServiceContext } from '../../lib/context.js';
import { conflict, notFound } from '../../lib/errors.js';
import * as repo from './payments.repository.js';
import { type PaymentProvider, PaymentProviderError, type ProviderPayment, type ProviderRefund } from './provider.js';
import type { PaymentProviders } from './provider-registry.js';

/** What to do: a new payment (hold, charge) or an action on an earlier one (capture, release, refund). */
export type PaymentRequest =
  | {
      operation: 'hold';
      amountMinor: number;
      currency: string;
      paymentMethod?: string;
      customer?: string;
      description?: string;
    }
  | {
      operation: 'charge';
      amountMinor: number;
      currency: string;
      paymentMethod: string;
      customer: string;
      description?: string;
    }
  | { operation: 'capture' | 'refund'; parentId: number; amountMinor?: number }
  | { operation: 'release'; parentId: number };

export type PerformPaymentOptions = {
  orgId: number;
  idempotencyKey: string;
  request: PaymentRequest;
  /** The sale this operation pays or refunds, kept on the ledger row. */
  transactionId?: number;
};

/** What the provider is asked, stored on the row so reconciliation asks the very same thing again. */
type StoredRequest = {
  amountMinor?: number;
  currency?: string;
  paymentMethod?: string;
  customer?: string;
  description?: string;
};

/** Stripe keeps idempotency keys at least 24 hours; past that, asking again could do it twice. */
export const PROVIDER_IDEMPOTENCY_WINDOW_MS = 24 * 3600_000;
/** A row this long in process is reconciled: a live call has long returned or timed out by then. */
export const STUCK_AFTER_MS = 2 * 60_000;

const TYPE_OF: Record<PaymentOperation, 1 | 2> = { hold: 1, capture: 1, release: 1, charge: 1, refund: 2 };
/** What each follow-up acts on: a hold is captured or released, money taken is refunded. */
const PARENT_OPERATIONS: Partial<Record<PaymentOperation, readonly string[]>> = {
  capture: ['hold'],
  release: ['hold'],
  refund: ['capture', 'charge'],
};

/**
 * Performs one payment operation through the organisation's provider, exactly once per
 * idempotency key: the ledger row is written first (status 10, in process), then the
 * provider is called with the same key, then the row is settled (1 success, 2 error). A
 * retry with the key answers the existing row without calling the provider; a crash or an
 * unanswered call leaves the row in process for `reconcilePayments`.
 */
export async function performPayment(
  ctx: ServiceContext,
  providers: PaymentProviders,
  options: PerformPaymentOptions,
): Promise<repo.PaymentTransactionRow> {
  return askReserved(ctx, await reservePayment(ctx, providers, options));
}

/** A ledger row written in process, with the provider to ask; or an earlier row with the same key (`repeated`). */
export type ReservedPayment =
  | { row: repo.PaymentTransactionRow; provider: PaymentProvider }
  | { row: repo.PaymentTransactionRow; provider: null };

/**
 * The first half of `performPayment`: checks the request and writes its ledger row in
 * process, in `db` — a caller's database transaction that holds a lock (a sale's refunds
 * are reserved one after another under the sale's lock, so their sum can never pass what
 * was paid). The provider is asked afterwards by `askReserved`, outside that transaction.
 */
export async function reservePayment(
  ctx: ServiceContext,
  providers: PaymentProviders,
  options: PerformPaymentOptions,
  db: Db = ctx.db,
): Promise<ReservedPayment> {
  const { request } = options;
  // A first charge or hold (the usual case, one per sale) goes straight to the insert, whose
  // key conflict finds a repeat; operations on a parent answer a repeat before checking the
  // parent again, since the parent may have moved on since the first call.
  if ('parentId' in request) {
    const repeated = await repeatOf(db, options);
    if (repeated) return { row: repeated, provider: null };
  }
  const found = await providers.forOrg(db, options.orgId);
  if (!found) {
    const repeated = await repeatOf(db, options);
    if (repeated) return { row: repeated, provider: null };
    throw conflict('payment.not_configured');
  }
  const parent = 'parentId' in request ? await settledParent(db, options.orgId, request) : null;
  const amountMinor =
    'amountMinor' in request && request.amountMinor !== undefined ? request.amountMinor : (parent?.amountMinor ?? 0);
  const currency = 'currency' in request ? request.currency.toUpperCase() : (parent?.currency ?? '');
  const stored: StoredRequest = {
    ...('amountMinor' in request && request.amountMinor !== undefined ? { amountMinor: request.amountMinor } : {}),
    ...('currency' in request ? { currency } : {}),
    ...('paymentMethod' in request && request.paymentMethod ? { paymentMethod: request.paymentMethod } : {}),
    ...('customer' in request && request.customer ? { customer: request.customer } : {}),
    ...('description' in request && request.description ? { description: request.description } : {}),
  };
  const row = await repo.insertInProcess(db, {
    orgId: options.orgId,
    type: TYPE_OF[request.operation],
    operation: request.operation,
    provider: found.row.provider,
    amountMinor,
    currency,
    idempotencyKey: options.idempotencyKey,
    parentId: parent?.id ?? null,
    providerReference: parent?.providerReference ?? null,
    request: stored,
    transactionId: options.transactionId ?? null,
    now: ctx.clock.now(),
  });
  // Another call with the same key got in first: answer its row.
  if (!row) return { row: (await repeatOf(db, options))!, provider: null };
  return { row, provider: found.provider };
}

/** The second half: asks the provider for a reserved row and settles the row by the answer. */
export function askReserved(ctx: ServiceContext, reserved: ReservedPayment): Promise<repo.PaymentTransactionRow> {
  return reserved.provider ? settleByAsking(ctx, reserved.provider, reserved.row) : Promise.resolve(reserved.row);
}

/** The row an earlier call with this key made (the same request, or a conflict), if any. */
async function repeatOf(db: Db, options: PerformPaymentOptions) {
  const existing = await repo.findByKey(db, options.idempotencyKey);
  return existing ? sameRequestOrConflict(existing, options) : null;
}

function sameRequestOrConflict(row: repo.PaymentTransactionRow, options: PerformPaymentOptions) {
  const { request } = options;
  const isSame =
    row.orgId === options.orgId &&
    row.operation === request.operation &&
    (!('parentId' in request) || row.parentId === request.parentId) &&
    (!('amountMinor' in request) || request.amountMinor === undefined || row.amountMinor === request.amountMinor);
  if (!isSame) throw conflict('payment.idempotency_key_reused');
  return row;
}

async function settledParent(db: Db, orgId: number, request: { operation: PaymentOperation; parentId: number }) {
  const parent = await repo.findById(db, request.parentId);
  if (!parent || parent.orgId !== orgId) throw notFound();
  if (!PARENT_OPERATIONS[request.operation]?.includes(parent.operation)) throw conflict('payment.wrong_parent');
  if (parent.status !== PAYMENT_STATUS.success || !parent.providerReference) throw conflict('payment.not_settled');
  return parent;
}

/** Calls the provider for a row (the first time or again, always with the row's key) and settles it by the answer. */
async function settleByAsking(
  ctx: ServiceContext,
  provider: PaymentProvider,
  row: repo.PaymentTransactionRow,
): Promise<repo.PaymentTransactionRow> {
  try {
    const answer = await askProvider(provider, row);
    const failed = answer.status === 'failed';
    const pending = answer.status === 'pending';
    const settled = await repo.settle(ctx.db, row.id, {
      status: failed ? 2 : pending ? 10 : 1,
      providerReference: answer.reference,
      ...(failed ? { errorCode: 'payment_failed', errorMessage: 'The provider reports the payment failed' } : {}),
      now: ctx.clock.now(),
    });
    return settled ?? (await repo.findById(ctx.db, row.id))!;
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    const settled = await repo.settle(ctx.db, row.id, {
      // Unknown outcome: still in process, with the reason on the row until reconciliation settles it.
      status: error.isOutcomeUnknown ? 10 : 2,
      errorCode: error.code,
      errorMessage: error.reason,
      now: ctx.clock.now(),
    });
    return settled ?? (await repo.findById(ctx.db, row.id))!;
  }
}

function askProvider(
  provider: PaymentProvider,
  row: repo.PaymentTransactionRow,
): Promise<ProviderPayment | ProviderRefund> {
  const stored = row.request as StoredRequest;
  const idempotencyKey = row.idempotencyKey;
  const reference = row.providerReference ?? '';
  switch (row.operation as PaymentOperation) {
    case 'hold':
      return provider.hold({
        idempotencyKey,
        amountMinor: row.amountMinor,
        currency: row.currency,
        paymentMethod: stored.paymentMethod,
        customer: stored.customer,
        description: stored.description,
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

export type ReconcileResult = { settled: number; suspended: number; stillInProcess: number };

/**
 * The reconciliation job's core: every row left in process (a crash between the ledger
 * write and the provider's answer, a time-out) is settled by asking the provider again with
 * the row's own idempotency key, which answers the first outcome or does the work once.
 * A row older than the provider's idempotency window is not asked again (it could charge
 * twice) but suspended (5) for an operator to check at the provider.
 */
export async function reconcilePayments(
  ctx: ServiceContext,
  providers: PaymentProviders,
  options: { limit?: number } = {},
): Promise<ReconcileResult> {
  const now = ctx.clock.nowMs();
  const rows = await repo.listStuck(ctx.db, new Date(now - STUCK_AFTER_MS), options.limit ?? 100);
  const result: ReconcileResult = { settled: 0, suspended: 0, stillInProcess: 0 };
  for (const row of rows) {
    if (now - row.createdAt.getTime() > PROVIDER_IDEMPOTENCY_WINDOW_MS) {
      await repo.settle(ctx.db, row.id, {
        status: PAYMENT_STATUS.suspended,
        errorCode: 'reconciliation_window_passed',
        errorMessage: 'Not settled within the provider’s idempotency window; check it at the provider',
        now: ctx.clock.now(),
      });
      result.suspended += 1;
      continue;
    }
    const found = await providers.forOrg(ctx.db, row.orgId);
    if (!found || found.row.provider !== row.provider) {
      await repo.touchAttempt(ctx.db, row, ctx.clock.now());
      result.stillInProcess += 1;
      continue;
    }
    const settled = await settleByAsking(ctx, found.provider, row);
    if (settled.status === PAYMENT_STATUS.inProcess) {
      await repo.touchAttempt(ctx.db, settled, ctx.clock.now());
      result.stillInProcess += 1;
    } else {
      await providers.ledgerSettled(ctx.db, settled);
      result.settled += 1;
    }
  }
  return result;
}
