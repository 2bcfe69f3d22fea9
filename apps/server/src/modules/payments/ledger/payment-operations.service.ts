import type { PaymentOperation } from '@vitrina/contract';
import { PAYMENT_STATUS } from '@vitrina/contract';
import type { Db } from '../../../db/client.js';
import type { ServiceContext } from '../../../lib/context.js';
import { conflict, notFound } from '../../../lib/errors.js';
import * as repo from '../payments.repository.js';
import { type PaymentProvider, PaymentProviderError } from '../provider.js';
import { accountOf, type CardOrigin, cardMatches, type SettingsScope } from '../provider-account.js';
import type { PaymentProviders } from '../provider-registry.js';
import { platformProvider } from '../settings/platform-settings.service.js';
import { type StoredRequest, settleByAsking } from './payment-followup.js';
import { reconcileRow } from './payment-reconcile.js';

/** What to do: a new payment (hold, charge) or an action on an earlier one (capture, release, refund). */
export type PaymentRequest =
  | {
      operation: 'hold';
      amountMinor: number;
      currency: string;
      paymentMethod?: string;
      customer?: string;
      description?: string;
      /** The buyer is at the page (a web purchase): where their bank's 3-D Secure sends them back. */
      returnUrl?: string;
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
  /**
   * Through the platform's payment system (subscription fees: the platform's income), not the
   * organisation's; the ledger row keeps it, so reconciliation asks the same provider.
   */
  throughPlatform?: boolean;
  /** The saved card a hold or charge uses: refused (409) before any call unless its provider and account are these. */
  card?: CardOrigin;
};

/** The settings an operation goes through, by scope. */
function providerFor(ctx: ServiceContext, providers: PaymentProviders, db: Db, scope: SettingsScope) {
  return scope.kind === 'platform' ? platformProvider(ctx, providers, db) : providers.forOrg(db, scope.orgId);
}

const scopeOf = (orgId: number, throughPlatform: boolean | undefined): SettingsScope =>
  throughPlatform ? { kind: 'platform' } : { kind: 'org', orgId };

export { PROVIDER_IDEMPOTENCY_WINDOW_MS } from './payment-followup.js';
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
  const scope = scopeOf(options.orgId, options.throughPlatform);
  const found = await providerFor(ctx, providers, db, scope);
  if (!found) {
    const repeated = await repeatOf(db, options);
    if (repeated) return { row: repeated, provider: null };
    throw conflict(scope.kind === 'platform' ? 'subscription.platform_not_configured' : 'payment.not_configured');
  }
  // A card goes only to the provider and account that saved it, checked before any call.
  if (options.card && !cardMatches(options.card, found.row.provider, await accountOf(db, providers, scope, found))) {
    throw conflict('card.other_provider');
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
    ...('returnUrl' in request && request.returnUrl ? { returnUrl: request.returnUrl } : {}),
    // The payment acted on, asked of again by a retry whatever the row's reference becomes.
    ...(parent?.providerReference ? { reference: parent.providerReference } : {}),
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
    // A refund's reference is the refund's own, once the provider answers.
    providerReference: request.operation === 'refund' ? null : (parent?.providerReference ?? null),
    request: stored,
    transactionId: options.transactionId ?? null,
    throughPlatform: options.throughPlatform ?? false,
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

export type ReconcileResult = { settled: number; suspended: number; stillInProcess: number };

/**
 * The reconciliation job's core: every row left in process (a crash between the ledger
 * write and the provider's answer, a time-out, a refund the bank has not confirmed, a buyer
 * at their bank's page) is found out about without doing anything twice (reconcileRow in
 * payment-reconcile.ts): asked again with its own key and request within the provider's
 * idempotency window, looked at when the provider answered it undecided, found by its key
 * past the window. What is settled, the sale it belongs to follows.
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
    const found = await providerFor(ctx, providers, ctx.db, scopeOf(row.orgId, row.throughPlatform));
    if (!found || found.row.provider !== row.provider) {
      await repo.touchAttempt(ctx.db, row, ctx.clock.now());
      result.stillInProcess += 1;
      continue;
    }
    let settled: repo.PaymentTransactionRow;
    try {
      settled = await reconcileRow(ctx, found.provider, row);
    } catch (error) {
      // The provider did not answer the look: the next round tries again.
      if (!(error instanceof PaymentProviderError)) throw error;
      settled = row;
    }
    if (settled.status === PAYMENT_STATUS.suspended) {
      result.suspended += 1;
    } else if (settled.status === PAYMENT_STATUS.inProcess) {
      await repo.touchAttempt(ctx.db, settled, ctx.clock.now());
      result.stillInProcess += 1;
    } else {
      await providers.ledgerSettled(ctx.db, settled);
      result.settled += 1;
    }
  }
  return result;
}
