import { PAYMENT_STATUS, SALE_PAYMENT } from '@vitrina/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { micromarkets, paymentTransactions, transactions } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import { defineJob } from '../../lib/job-kind.js';
import { enqueueJob } from '../jobs/index.js';
import { readSettings } from '../micromarkets/index.js';
import type { FiscalReceiptRow } from './fiscal.repository.js';
import * as repo from './fiscal.repository.js';
import { documentIdOf, receiptLines, returnOf } from './fiscal-document.js';
import { readyShift } from './fiscal-shifts.service.js';
import { FiscalProviderError, type FiscalReceiptRequest } from './provider.js';
import type { FiscalProviders } from './provider-registry.js';

export const FISCAL_REGISTER_JOB = 'fiscal.register';
/** §9 "receipt retry 2 minutes": a receipt not ready, or waiting for a shift, is asked again this often. */
export const FISCAL_RETRY_MS = 2 * 60_000;
/** A day of retries; then the receipt is failed and the operator may retry it. */
export const FISCAL_MAX_ATTEMPTS = (24 * 3600_000) / FISCAL_RETRY_MS;
/**
 * A receipt (a sale's, a refund's return, or a return's correction) per job. Four at once, and
 * in its own slots: a register that times out (Checkbox's 15 s) holds these up, nothing else.
 * §9 "receipt retry 2 minutes": every retry waits the same two minutes.
 */
export const fiscalRegisterJob = defineJob({
  kind: FISCAL_REGISTER_JOB,
  payload: z.object({
    transaction_id: z.number().int().positive(),
    refund_id: z.number().int().positive().optional(),
    correction: z.literal(true).optional(),
  }),
  concurrency: 4,
  backoff: { baseMs: FISCAL_RETRY_MS, maxMs: FISCAL_RETRY_MS },
});
type FiscalJob = { payload: z.output<typeof fiscalRegisterJob.payload>; attempts: number; maxAttempts: number };
/** What a paid sale's sale id is registered under, at the provider and on the job queue. */
export const fiscalKey = (transactionId: number) => `fiscal:${transactionId}`;
/** What a refund's return receipt is registered under: one per refund (its ledger row). */
export const returnFiscalKey = (refundPaymentId: number) => `fiscal:return:${refundPaymentId}`;
/**
 * What the correction of a refund's return receipt is registered under, once the bank reversed
 * the refund: one per refund, so a repeated reversal webhook registers it once.
 */
export const correctionFiscalKey = (refundPaymentId: number) => `fiscal:correction:${refundPaymentId}`;

/** Whether the micromarket registers fiscal receipts (its settings' `fiscal_receipts`). */
async function registersFiscal(db: Db, micromarketId: number): Promise<boolean> {
  const [micromarket] = await db
    .select({ settings: micromarkets.settings })
    .from(micromarkets)
    .where(eq(micromarkets.id, micromarketId));
  return Boolean(micromarket && readSettings(micromarket.settings).fiscal_receipts);
}

/**
 * The sales module's hook: a sale became paid. Called inside the settlement's database
 * transaction, it only queues the `fiscal.register` job (keyed by the sale, so a repeated
 * call queues nothing more), and only when the micromarket registers fiscal receipts: most
 * sales need none, and a job each would cost three writes per sale. The provider is never
 * called from here.
 */
export async function onSalePaid(
  db: Db,
  sale: { id: number; micromarketId: number },
  now: Date,
  /** The micromarket's settings when the caller has read them already (the settlement has). */
  settings?: { fiscal_receipts: boolean },
): Promise<void> {
  const registers = settings ? settings.fiscal_receipts : await registersFiscal(db, sale.micromarketId);
  if (!registers) return;
  await enqueueJob(
    db,
    fiscalRegisterJob,
    { transaction_id: sale.id },
    { now, key: fiscalKey(sale.id), maxAttempts: FISCAL_MAX_ATTEMPTS },
  );
}

/**
 * The sales module's `refunded` event: a refund succeeded, so its return receipt is due (one
 * per refund, keyed by its ledger row), when the micromarket registers fiscal receipts.
 */
export async function onSaleRefunded(
  db: Db,
  sale: { id: number; micromarketId: number },
  refund: { id: number },
  now: Date,
): Promise<void> {
  if (!(await registersFiscal(db, sale.micromarketId))) return;
  await enqueueJob(
    db,
    fiscalRegisterJob,
    { transaction_id: sale.id, refund_id: refund.id },
    { now, key: returnFiscalKey(refund.id), maxAttempts: FISCAL_MAX_ATTEMPTS },
  );
}

/**
 * The payments module's word that a refund ended in error: when it had succeeded before (the
 * bank reversed it, `refund.failed`) and its return receipt is on the books, the return must be
 * undone by a correction receipt, queued here (keyed by the refund, so a repeated webhook queues
 * nothing more). The job decides: a return registered at the register is corrected once it is
 * ready; one never sent is dropped, with no correction (DESIGN §8, docs/decisions/078-a-reversed-refunds-return-receipt-is-corrected.md).
 */
export async function onRefundReversed(
  db: Db,
  refund: { id: number; transactionId: number | null; operation: string },
  now: Date,
): Promise<void> {
  if (refund.operation !== 'refund' || refund.transactionId === null) return;
  if (!(await repo.findReturnReceipt(db, refund.id))) return;
  await queueCorrection(db, refund.transactionId, refund.id, now);
}

function queueCorrection(db: Db, transactionId: number, refundId: number, now: Date) {
  return enqueueJob(
    db,
    fiscalRegisterJob,
    { transaction_id: transactionId, refund_id: refundId, correction: true },
    { now, key: correctionFiscalKey(refundId), maxAttempts: FISCAL_MAX_ATTEMPTS },
  );
}

/** Thrown to make the job runner ask again in two minutes; the row says why. */
class NotYet extends Error {}

type Deps = { db: Db; clock: Clock; providers: FiscalProviders };
type Sale = typeof transactions.$inferSelect;
type Refund = NonNullable<Awaited<ReturnType<typeof refundOf>>>;
/** What is about to be registered: the row's kind, amount and the request's document, worked out once a shift is ready. */
type Plan = {
  kind: 'sale' | 'return' | 'correction';
  refund: Refund | null;
  amountMinor: number;
  key: string;
  /** The request's own parts, worked out once a shift is ready: the goods, their discounts and total. */
  request: (
    input: DocumentInput,
  ) => Promise<Pick<FiscalReceiptRequest, 'kind' | 'totalMinor' | 'discountMinor' | 'lines'>>;
};
/** What a receipt's goods are read with: the sale's lines, each with its tax groups (else the register's default). */
type DocumentInput = { lines: () => ReturnType<typeof receiptLines> };

const SUCCEEDED = PAYMENT_STATUS.success;
/** A return whose last attempt got no answer may be at the register after all (the answer was lost). */
const mayBeRegistered = (row: FiscalReceiptRow) => row.lastError?.startsWith('fiscal.provider_unavailable') === true;

/**
 * The `fiscal.register` job: registers the fiscal receipt of a paid sale, the return receipt of
 * a refund, or the correction of a return whose refund the bank reversed, for a micromarket that
 * has fiscal registration on, on a shift made ready first, and fetches the document once it is
 * ready. Idempotent: a ready receipt is left alone, and the provider answers a repeated key (or
 * document id) with the first registration.
 *
 * A refund reversed before its return receipt reached the register has its return dropped (its
 * job does nothing, its row goes) and no correction; a return that reached it is fetched until
 * ready, then corrected by a sale receipt of exactly what it printed (`correction`).
 */
export async function registerFiscalReceipt(deps: Deps, job: FiscalJob) {
  const transactionId = job.payload.transaction_id;
  const refundId = job.payload.refund_id ?? null;
  const isCorrection = job.payload.correction === true;
  const [sale] = await deps.db.select().from(transactions).where(eq(transactions.id, transactionId));
  if (!sale) return;
  const refund = refundId === null ? null : await refundOf(deps.db, transactionId, refundId);
  if (refundId === null ? sale.paymentStatus !== SALE_PAYMENT.paid : !refund) return;
  // Turned off since the sale was paid: nothing to register.
  if (!(await registersFiscal(deps.db, sale.micromarketId))) return;
  let plan: Plan;
  if (!refund) plan = salePlan(sale);
  else if (isCorrection) {
    const found = await correctionPlan(deps.db, sale, refund);
    if (!found) return;
    plan = found;
  } else {
    const existing = await repo.findReturnReceipt(deps.db, refund.id);
    if (refund.status !== SUCCEEDED) {
      // Reversed before its return reached the register: nothing was given back, nothing to return.
      if (!existing?.providerReceiptId && !(existing && mayBeRegistered(existing))) {
        if (existing) await repo.deleteUnsentReturn(deps.db, existing.id);
        return;
      }
    }
    plan = returnPlan(deps.db, sale, refund);
  }
  await register(deps, job, sale, plan);
  // A return that reached the register for a refund reversed meanwhile: its correction is due.
  if (plan.kind === 'return' && plan.refund) {
    const now = await refundOf(deps.db, transactionId, plan.refund.id);
    if (now && now.status !== SUCCEEDED) await queueCorrection(deps.db, transactionId, now.id, deps.clock.now());
  }
}

function salePlan(sale: Sale): Plan {
  return {
    kind: 'sale',
    refund: null,
    amountMinor: sale.amountMinor,
    key: fiscalKey(sale.id),
    request: async ({ lines }) => ({
      kind: 'sale',
      totalMinor: sale.amountMinor,
      discountMinor: sale.bonusesUsedMinor,
      lines: (await lines()).map(({ line }) => line),
    }),
  };
}

function returnPlan(db: Db, sale: Sale, refund: Refund): Plan {
  return {
    kind: 'return',
    refund,
    amountMinor: refund.amountMinor,
    key: returnFiscalKey(refund.id),
    request: async ({ lines }) => ({
      kind: 'return',
      totalMinor: refund.amountMinor,
      // A refund by products returns its own units (refund_lines of this ledger row); a part by
      // amount, what the refunds before it left of each line.
      ...returnOf(
        sale,
        { amountMinor: refund.amountMinor, units: await repo.findRefundedUnits(db, refund.id) },
        await lines(),
        await repo.findEarlierRefunds(db, sale.id, refund.id),
      ),
    }),
  };
}

/**
 * The correction of a reversed refund's return: a sale receipt of exactly what the return
 * printed (its stored document; worked out again for a return registered before they were
 * stored). Null when there is nothing to correct: the refund was not reversed, or its return
 * never reached the register (dropped here once its own job gave up). Throws NotYet while the
 * return is on its way, so the correction comes after it.
 */
async function correctionPlan(db: Db, sale: Sale, refund: Refund): Promise<Plan | null> {
  if (refund.status === SUCCEEDED) return null;
  const returned = await repo.findReturnReceipt(db, refund.id);
  if (!returned) return null;
  if (!returned.providerReceiptId) {
    if (returned.status === 'failed') {
      await repo.deleteUnsentReturn(db, returned.id);
      return null;
    }
    throw new NotYet('the return receipt is not registered yet');
  }
  if (returned.status !== 'ready') throw new NotYet('the return receipt is not ready yet');
  const printed = returned.document;
  return {
    kind: 'correction',
    refund,
    amountMinor: returned.amountMinor ?? refund.amountMinor,
    key: correctionFiscalKey(refund.id),
    request: async (input) => {
      const document = printed ?? (await returnPlan(db, sale, refund).request(input));
      return {
        kind: 'correction',
        totalMinor: document.totalMinor,
        discountMinor: document.discountMinor,
        lines: document.lines,
      };
    },
  };
}

async function register(
  deps: Deps,
  job: Pick<FiscalJob, 'attempts' | 'maxAttempts'>,
  sale: Sale,
  plan: Plan,
): Promise<void> {
  const transactionId = sale.id;
  const existing =
    plan.kind === 'sale'
      ? await repo.findFiscalReceipt(deps.db, transactionId)
      : plan.kind === 'return'
        ? await repo.findReturnReceipt(deps.db, plan.refund!.id)
        : await repo.findCorrectionReceipt(deps.db, plan.refund!.id);
  if (existing?.status === 'ready') return;
  const row = await repo.startAttempt(deps.db, {
    transactionId,
    orgId: sale.orgId,
    micromarketId: sale.micromarketId,
    kind: plan.kind,
    refundPaymentId: plan.refund?.id ?? null,
    amountMinor: plan.amountMinor,
    now: deps.clock.now(),
  });
  const isLastAttempt = job.attempts >= job.maxAttempts;
  const note = (problem: string, isFinal = isLastAttempt) =>
    repo.updateFiscalReceipt(deps.db, row.id, {
      lastError: problem,
      updatedAt: deps.clock.now(),
      ...(isFinal ? { status: 'failed' as const } : {}),
    });
  const stop = async (problem: string, error: Error) => {
    await note(problem);
    throw error;
  };

  const found = await repo.findFiscalSettingsWithZone(deps.db, sale.orgId);
  const provider = found && deps.providers.build(found.settings, deps.db);
  if (!found || !provider) return stop('fiscal.not_configured', new NotYet('no fiscal provider'));
  const { settings } = found;
  try {
    let receiptId = row.providerReceiptId;
    if (!receiptId) {
      // A test-mode sale charged a made-up amount: a real register must never report it as revenue.
      if (sale.isTest && provider.kind !== 'test') {
        return note('fiscal.test_sale', true);
      }
      const saleReceipt = plan.kind === 'sale' ? null : await repo.findFiscalReceipt(deps.db, transactionId);
      if (saleReceipt?.status === 'pending') {
        return stop('fiscal.sale_receipt_first', new NotYet('the sale receipt is not registered yet'));
      }
      const shift = await readyShift(deps, { settings, timeZone: found.timeZone, provider });
      if (!shift.isOpen) throw new FiscalProviderError('shift_closed', 'the shift is closed');
      const parts = await plan.request({
        lines: () => receiptLines(deps.db, transactionId, settings.taxCodes),
      });
      const request: FiscalReceiptRequest = {
        ...parts,
        // A return names its sale receipt when that was registered at this same register.
        relatedReceiptId:
          plan.kind === 'return' && saleReceipt?.status === 'ready' && saleReceipt.provider === settings.provider
            ? saleReceipt.providerReceiptId
            : null,
        idempotencyKey: plan.key,
        documentId: documentIdOf(plan.key, sale.token),
        currency: sale.currency,
        payment: 'cashless',
      };
      ({ receiptId } = await provider.registerReceipt(request));
      await repo.updateFiscalReceipt(deps.db, row.id, {
        provider: settings.provider,
        providerReceiptId: receiptId,
        document: { totalMinor: request.totalMinor, discountMinor: request.discountMinor, lines: request.lines },
        updatedAt: deps.clock.now(),
      });
    }
    const answer = await provider.fetchReceipt(receiptId);
    if (answer.status === 'pending') return stop('receipt.not_ready', new NotYet('the fiscal receipt is not ready'));
    await repo.updateFiscalReceipt(deps.db, row.id, {
      status: 'ready',
      fiscalNumber: answer.document.number,
      fiscalSign: answer.document.fiscalSign,
      url: answer.document.url,
      registeredAt: answer.document.registeredAt,
      lastError: null,
      updatedAt: deps.clock.now(),
    });
  } catch (error) {
    if (!(error instanceof FiscalProviderError)) throw error;
    if (error.kind === 'shift_closed') return stop('fiscal.shift_closed', error);
    const key = {
      unavailable: 'fiscal.provider_unavailable',
      credentials: 'fiscal.credentials_refused',
      refused: 'fiscal.provider_refused',
    }[error.kind];
    return stop(`${key}:${error.reason}`, error);
  }
}

/** A refund of the sale, by its ledger row: one that succeeded, or one the bank reversed since (now an error). */
async function refundOf(db: Db, transactionId: number, refundId: number) {
  const [row] = await db
    .select({
      id: paymentTransactions.id,
      amountMinor: paymentTransactions.amountMinor,
      status: paymentTransactions.status,
    })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.id, refundId),
        eq(paymentTransactions.transactionId, transactionId),
        eq(paymentTransactions.operation, 'refund'),
        inArray(paymentTransactions.status, [PAYMENT_STATUS.success, PAYMENT_STATUS.error]),
      ),
    );
  return row ?? null;
}
