import { PAYMENT_STATUS, SALE_PAYMENT, SALE_STATUS, type TMicromarketSettings } from '@vitrina/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { defineJob } from '../../lib/job-kind.js';
import { findSettingsRow, readSettings } from '../micromarkets/index.js';
import { notify } from '../notifications/index.js';
import type { PaymentProviders } from '../payments/index.js';
import { performPayment } from '../payments/index.js';
import { markSaleTagsSold } from '../tags/index.js';
import { BELOW_MINIMUM, planTaking, refusalCode } from './minimum-charge.js';
import { totalsOf } from './pricing.js';
import * as repo from './sales.repository.js';

export const HOLD_JOB = 'sales.hold';
export const SETTLE_JOB = 'sales.settle';
export const SETTLE_SWEEP_JOB = 'sales.settle-sweep';

const salePayload = z.object({ id: z.number().int().positive() });
/**
 * Sixteen of each at once on an instance (what the sale settler had): the provider calls
 * overlap, the database is not flooded. Run at once without a row by `runSoon` (door open and
 * close on this instance), as a job otherwise (a panel correction, the sweep).
 */
const SALE_STEP_CONCURRENCY = 16;
export const holdJob = defineJob({
  kind: HOLD_JOB,
  payload: salePayload,
  concurrency: SALE_STEP_CONCURRENCY,
  backoff: { baseMs: 2_000 },
});
export const settleJob = defineJob({
  kind: SETTLE_JOB,
  payload: salePayload,
  concurrency: SALE_STEP_CONCURRENCY,
  backoff: { baseMs: 5_000, maxMs: 10 * 60_000 },
});
export const settleSweepJob = defineJob({ kind: SETTLE_SWEEP_JOB, everyMs: 60_000 });
/** A processing sale without a queued settlement (a crash between commit and queueing) is picked up after this. */
export const SETTLE_SWEEP_AFTER_MS = 60_000;

/** The provider has not answered yet: the job fails and the runner retries it with backoff. */
class StillInProcess extends Error {
  constructor(transactionId: number) {
    super(`sale ${transactionId}: a payment is still in process at the provider`);
  }
}

type LedgerRow = repo.LedgerRow;

/** Announces a sale's new state to open panels (after the commit that wrote it). */
export function announceSale(ctx: ServiceContext, sale: repo.SaleRow) {
  ctx.live.publish({
    topic: 'transaction',
    org_id: sale.orgId,
    id: sale.id,
    data: { status: sale.status, payment_status: sale.paymentStatus, micromarket_id: sale.micromarketId },
  });
}

/** Whoever settles sales right away on this instance (the job runner's `runSoon`, saleStepsOn), if anyone. */
export type SettleNow = { settleSoon(transactionId: number): void; holdSoon(transactionId: number): void };

/** The keys a sale's hold and settlement run under, as a job row and as a run without one. */
export const holdKey = (id: number) => `sale-hold:${id}`;
export const settleKey = (id: number) => `sale-settle:${id}`;

/**
 * Hands a sale's next step (its hold, its settlement) to this instance's job runner, which
 * runs it at once without a row (SettleNow); without one (a corrected sale from the panel,
 * tests) to the durable job.
 * Either way a crash or a provider still deciding is caught by the sweep, which queues the
 * job for every sale left processing, and the keys make a second request for a step a no-op.
 */
export async function queueSaleStep(
  ctx: ServiceContext,
  step: { sale: repo.SaleRow; next: 'hold' | 'settle' | null },
  now?: SettleNow,
) {
  announceSale(ctx, step.sale);
  const { id } = step.sale;
  if (step.sale.status === SALE_STATUS.manualProcessing) {
    // Manual check mode: the organisation's routing decides who is asked to look.
    await notify(ctx, {
      orgId: step.sale.orgId,
      event: 'manual_check',
      key: `sale:${id}:manual`,
      subject: `Sale #${id} waits for a manual check`,
      text: `Sale #${id} at micromarket #${step.sale.micromarketId} waits for an operator to check what was taken.`,
    }).catch(() => 0);
  }
  if (step.next === 'hold') {
    if (now) now.holdSoon(id);
    else await ctx.jobs.enqueue(holdJob, { id }, { key: holdKey(id) });
  }
  if (step.next === 'settle') {
    if (now) now.settleSoon(id);
    else await ctx.jobs.enqueue(settleJob, { id }, { key: settleKey(id), maxAttempts: 20 });
  }
}

/**
 * A corrected sale (manual check, incorrectly counted products) goes to the settlement
 * again: its totals are recomputed from its lines and it is processing (3) until paid. Runs
 * in the caller's database transaction; the caller queues the job after the commit with
 * `queueSaleStep(ctx, { sale, next: 'settle' })`.
 */
export async function requestSettlement(db: Parameters<typeof repo.findSale>[0], transactionId: number, now: Date) {
  const sale = await repo.lockSale(db, transactionId);
  if (!sale) return null;
  const lines = await repo.linesOf(db, transactionId);
  const totals = totalsOf(lines);
  const settings = readSettings((await findSettingsRow(db, sale.micromarketId))?.settings);
  const amountMinor = Math.max(
    0,
    (sale.isTest ? (settings.test_amount ?? 0) : totals.netMinor) - sale.bonusesUsedMinor,
  );
  const outstanding = Math.max(0, amountMinor - (sale.paidMinor - sale.refundedMinor));
  return repo.updateSale(db, transactionId, {
    grossMinor: totals.grossMinor,
    discountMinor: totals.discountMinor,
    costMinor: totals.costMinor,
    amountMinor,
    ...(lines.length === 0
      ? { status: SALE_STATUS.successful, paymentStatus: SALE_PAYMENT.nothingTaken, settledAt: now }
      : outstanding === 0
        ? { status: SALE_STATUS.successful, paymentStatus: SALE_PAYMENT.paid, settledAt: now }
        : { status: SALE_STATUS.processing, paymentStatus: SALE_PAYMENT.waitingForAmount }),
    errorCode: null,
    updatedAt: now,
  });
}

/**
 * The hold at door open (§5): the micromarket's hold amount on the customer's saved card. One
 * opening is one hold: a sale that already holds the card (a web purchase's, the customer app's,
 * whose hold was taken before its door was asked to open) is captured from that one.
 */
export async function holdSale(ctx: ServiceContext, providers: PaymentProviders, transactionId: number) {
  const sale = await repo.findSale(ctx.db, transactionId);
  if (sale?.status !== SALE_STATUS.new || sale.customerId === null) return;
  const settings = readSettings((await findSettingsRow(ctx.db, sale.micromarketId))?.settings);
  const card = await repo.activeCardOf(ctx.db, sale.customerId);
  if (!settings.hold_enabled || !settings.hold_amount || !card) return;
  const idempotencyKey = `sale:${sale.id}:hold`;
  // Its own key again (a retry) is followed up as before; a hold of the opening's is the sale's hold.
  const ledger = await repo.ledgerOf(ctx.db, sale.id);
  if (ledger.some((row) => isAuthorisation(row) && row.idempotencyKey !== idempotencyKey)) return;
  try {
    await performPayment(ctx, providers, {
      orgId: sale.orgId,
      idempotencyKey,
      transactionId: sale.id,
      request: {
        operation: 'hold',
        amountMinor: settings.hold_amount,
        currency: sale.currency,
        paymentMethod: card.paymentMethod,
        customer: card.providerCustomer,
        description: `Sale ${sale.id}`,
      },
      card,
    });
  } catch (error) {
    // No payment system: the settlement says so on the sale; a hold is only a guarantee.
    if (!(error instanceof AppError)) throw error;
  }
}

/** A hold the provider granted or is still deciding: the card's money is (or may be) set aside for it. */
function isAuthorisation(row: { operation: string; status: number }): boolean {
  return row.operation === 'hold' && row.status !== PAYMENT_STATUS.error;
}

/** `paidMinor`: all the sale's money taken so far (by the ledger); `errorCode`: why the rest was not. */
type Outcome = { paidMinor: number; errorCode: string | null };

/** A ledger row that took the customer's money: a successful capture or charge (what a refund gives back from). */
export function isTakenMoney(row: { operation: string; status: number }): boolean {
  return (row.operation === 'capture' || row.operation === 'charge') && row.status === PAYMENT_STATUS.success;
}

/** What the ledger says was taken for the sale. */
export function takenByLedger(ledger: readonly { operation: string; status: number; amountMinor: number }[]): number {
  return ledger.filter(isTakenMoney).reduce((sum, row) => sum + row.amountMinor, 0);
}

/**
 * Takes what the ledger has not taken yet. The keys follow from the ledger (what was taken
 * so far), so a retry asks the same question under the same key, and money a reconciliation
 * settled after a time-out counts as taken instead of being charged again.
 */
async function pay(
  ctx: ServiceContext,
  providers: PaymentProviders,
  sale: repo.SaleRow,
  ledger: LedgerRow[],
  card: repo.CustomerCardRow | null,
) {
  if (ledger.some((row) => row.status === PAYMENT_STATUS.inProcess)) throw new StillInProcess(sale.id);
  const outcome: Outcome = { paidMinor: takenByLedger(ledger), errorCode: null };
  const hold = ledger.find((row) => row.operation === 'hold' && row.status === PAYMENT_STATUS.success);
  const captured = hold && ledger.some((row) => row.parentId === hold.id && row.operation === 'capture');
  // Never a capture or charge below the provider's minimum (minimum-charge.ts).
  const plan = planTaking({
    owedMinor: sale.amountMinor - outcome.paidMinor,
    holdMinor: hold && !captured ? hold.amountMinor : null,
    minimumMinor: (await providers.forOrg(ctx.db, sale.orgId))?.provider.minimumChargeMinor(sale.currency) ?? 1,
    hasCard: card !== null,
  });
  if (plan.isBelowMinimum) return { ...outcome, errorCode: BELOW_MINIMUM };
  if (hold && plan.captureMinor > 0) {
    const amountMinor = plan.captureMinor;
    const capture = await performPayment(ctx, providers, {
      orgId: sale.orgId,
      idempotencyKey: `sale:${sale.id}:capture`,
      transactionId: sale.id,
      request: { operation: 'capture', parentId: hold.id, amountMinor },
    });
    if (capture.status === PAYMENT_STATUS.inProcess) throw new StillInProcess(sale.id);
    if (capture.status !== PAYMENT_STATUS.success) return { ...outcome, errorCode: refusalCode(capture.errorCode) };
    outcome.paidMinor += amountMinor;
  }
  const remaining = sale.amountMinor - outcome.paidMinor;
  if (remaining <= 0) return outcome;
  if (!card) return { ...outcome, errorCode: 'no_card' };
  const charge = await performPayment(ctx, providers, {
    orgId: sale.orgId,
    idempotencyKey: `sale:${sale.id}:charge:${outcome.paidMinor}`,
    transactionId: sale.id,
    request: {
      operation: 'charge',
      amountMinor: remaining,
      currency: sale.currency,
      paymentMethod: card.paymentMethod,
      customer: card.providerCustomer,
      description: `Sale ${sale.id}`,
    },
    card,
  });
  if (charge.status === PAYMENT_STATUS.inProcess) throw new StillInProcess(sale.id);
  if (charge.status !== PAYMENT_STATUS.success) return { ...outcome, errorCode: refusalCode(charge.errorCode) };
  outcome.paidMinor += remaining;
  return outcome;
}

/**
 * Lets go of a successful hold nothing was captured from (nothing taken, paid otherwise, or a
 * capture the provider refused: the authorisation is still there and must not wait for the
 * bank to drop it days later).
 */
async function releaseUnused(ctx: ServiceContext, providers: PaymentProviders, sale: repo.SaleRow) {
  const ledger = await repo.ledgerOf(ctx.db, sale.id);
  for (const hold of ledger.filter((row) => row.operation === 'hold' && row.status === PAYMENT_STATUS.success)) {
    const followed = ledger.some(
      (row) =>
        row.parentId === hold.id &&
        (row.operation === 'release' || (row.operation === 'capture' && row.status !== PAYMENT_STATUS.error)),
    );
    if (followed) continue;
    await performPayment(ctx, providers, {
      orgId: sale.orgId,
      idempotencyKey: `sale:${sale.id}:release:${hold.id}`,
      transactionId: sale.id,
      request: { operation: 'release', parentId: hold.id },
    });
  }
}

/**
 * The settlement job: takes the sale's amount (capture of the hold, then a charge of the
 * saved card for the rest), every call under the sale's own idempotency keys, so a retry or
 * a second instance never charges twice; the provider still deciding fails the job, which
 * the runner retries. Paid: status 1 successful, payment status 1, the tags sold. Refused:
 * payment status 2 not paid, the reason kept. Any unused hold is released.
 */
export async function settleSale(ctx: ServiceContext, providers: PaymentProviders, transactionId: number) {
  const facts = await repo.settlementFacts(ctx.db, transactionId);
  if (!facts) return;
  const { sale, ledger, card } = facts;
  const settings = readSettings(facts.settings);
  if (sale.status === SALE_STATUS.processing || sale.status === SALE_STATUS.atProvider) {
    let outcome: Outcome;
    try {
      outcome = await pay(ctx, providers, sale, ledger, card);
    } catch (error) {
      if (error instanceof StillInProcess) {
        if (sale.status !== SALE_STATUS.atProvider)
          announceSale(
            ctx,
            await repo.updateSale(ctx.db, sale.id, { status: SALE_STATUS.atProvider, updatedAt: ctx.clock.now() }),
          );
        throw error;
      }
      if (!(error instanceof AppError)) throw error;
      outcome = { paidMinor: takenByLedger(await repo.ledgerOf(ctx.db, sale.id)), errorCode: error.key };
    }
    const now = ctx.clock.now();
    const settled = await ctx.db.transaction(async (tx) => {
      const isPaid = outcome.errorCode === null;
      const row = await repo.settleProcessingSale(tx, sale.id, {
        status: SALE_STATUS.successful,
        paymentStatus: isPaid ? 1 : 2,
        paidMinor: outcome.paidMinor,
        errorCode: outcome.errorCode,
        settledAt: now,
        updatedAt: now,
      });
      if (!row) return null;
      if (isPaid && facts.hasTags) await markSaleTagsSold(tx, row, now);
      await announceSettled(ctx, tx, row, settings);
      return row;
    });
    if (settled) announceSale(ctx, settled);
    if (settled && settled.paymentStatus === SALE_PAYMENT.notPaid) {
      await notify(ctx, {
        orgId: settled.orgId,
        event: 'payment_failed',
        key: `sale:${settled.id}`,
        subject: `Payment failed: sale #${settled.id}`,
        text: `Sale #${settled.id} was not paid (${settled.errorCode ?? 'unknown'}).`,
      }).catch(() => 0);
    }
  } else if (sale.status === SALE_STATUS.successful) {
    // Settled at the door's close (nothing taken, or paid by bonuses): announced here, once
    // the commit of the close is behind it (the subscribers are idempotent for a retry).
    await ctx.db.transaction(async (tx) => {
      await announceSettled(ctx, tx, sale, settings);
    });
  }
  // Only a sale that was held can have a hold to let go (the hold is placed before the close).
  if (!ledger.some((row) => row.operation === 'hold')) return;
  const after = await repo.findSale(ctx.db, transactionId);
  if (after?.status === SALE_STATUS.successful) await releaseUnused(ctx, providers, after);
}

/** Tells the subscribers (receipts, promotions, rollups, …) inside the settlement's database transaction. */
async function announceSettled(ctx: ServiceContext, tx: Db, sale: repo.SaleRow, settings: TMicromarketSettings) {
  await ctx.saleEvents.emit(tx, 'settled', { sale, settings });
  if (sale.paymentStatus === SALE_PAYMENT.paid) await ctx.saleEvents.emit(tx, 'paid', { sale, settings });
}

/** Processing sales whose settlement job went missing: queued again (keys keep one per sale). */
export async function sweepUnsettled(ctx: ServiceContext): Promise<number> {
  const before = new Date(ctx.clock.nowMs() - SETTLE_SWEEP_AFTER_MS);
  const ids = await repo.unsettledBefore(ctx.db, before, 500);
  for (const id of ids) {
    await ctx.jobs.enqueue(settleJob, { id }, { key: settleKey(id), maxAttempts: 20 });
  }
  return ids.length;
}
