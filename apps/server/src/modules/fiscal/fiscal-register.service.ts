import { PAYMENT_STATUS, SALE_PAYMENT } from '@vitrina/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { micromarkets, paymentTransactions, transactions } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import { insertJob, type JobRow } from '../jobs/index.js';
import { readSettings } from '../micromarkets/index.js';
import * as repo from './fiscal.repository.js';
import { documentIdOf, receiptLines, returnOf } from './fiscal-document.js';
import { readyShift } from './fiscal-shifts.service.js';
import { FiscalProviderError } from './provider.js';
import type { FiscalProviders } from './provider-registry.js';

export const FISCAL_REGISTER_JOB = 'fiscal.register';
/** §9 "receipt retry 2 minutes": a receipt not ready, or waiting for a shift, is asked again this often. */
export const FISCAL_RETRY_MS = 2 * 60_000;
/** A day of retries; then the receipt is failed and the operator may retry it. */
export const FISCAL_MAX_ATTEMPTS = (24 * 3600_000) / FISCAL_RETRY_MS;
/** What a paid sale's sale id is registered under, at the provider and on the job queue. */
export const fiscalKey = (transactionId: number) => `fiscal:${transactionId}`;
/** What a refund's return receipt is registered under: one per refund (its ledger row). */
export const returnFiscalKey = (refundPaymentId: number) => `fiscal:return:${refundPaymentId}`;

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
  await insertJob(db, {
    kind: FISCAL_REGISTER_JOB,
    payload: { transaction_id: sale.id },
    now,
    key: fiscalKey(sale.id),
    maxAttempts: FISCAL_MAX_ATTEMPTS,
  });
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
  await insertJob(db, {
    kind: FISCAL_REGISTER_JOB,
    payload: { transaction_id: sale.id, refund_id: refund.id },
    now,
    key: returnFiscalKey(refund.id),
    maxAttempts: FISCAL_MAX_ATTEMPTS,
  });
}

/** Thrown to make the job runner ask again in two minutes; the row says why. */
class NotYet extends Error {}

type Deps = { db: Db; clock: Clock; providers: FiscalProviders };

/**
 * The `fiscal.register` job: registers the fiscal receipt of a paid sale (or the return
 * receipt of a refund) of a micromarket that has fiscal registration on, on a shift made
 * ready first, and fetches the document once it is ready. Idempotent: a ready receipt is
 * left alone, and the provider answers a repeated key (or document id) with the first
 * registration.
 */
export async function registerFiscalReceipt(deps: Deps, job: Pick<JobRow, 'payload' | 'attempts' | 'maxAttempts'>) {
  const transactionId = Number(job.payload.transaction_id);
  const refundId = job.payload.refund_id === undefined ? null : Number(job.payload.refund_id);
  const [sale] = await deps.db.select().from(transactions).where(eq(transactions.id, transactionId));
  if (!sale) return;
  const refund = refundId === null ? null : await refundOf(deps.db, transactionId, refundId);
  // A sale receipt is for a paid sale; a return receipt for a refund that succeeded.
  if (refundId === null ? sale.paymentStatus !== SALE_PAYMENT.paid : !refund) return;
  // Turned off since the sale was paid: nothing to register.
  if (!(await registersFiscal(deps.db, sale.micromarketId))) return;
  const existing = refund
    ? await repo.findReturnReceipt(deps.db, refund.id)
    : await repo.findFiscalReceipt(deps.db, transactionId);
  if (existing?.status === 'ready') return;
  const row = await repo.startAttempt(deps.db, {
    transactionId,
    orgId: sale.orgId,
    micromarketId: sale.micromarketId,
    kind: refund ? 'return' : 'sale',
    refundPaymentId: refund?.id ?? null,
    amountMinor: refund?.amountMinor ?? sale.amountMinor,
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
      const saleReceipt = refund ? await repo.findFiscalReceipt(deps.db, transactionId) : null;
      if (saleReceipt?.status === 'pending') {
        return stop('fiscal.sale_receipt_first', new NotYet('the sale receipt is not registered yet'));
      }
      const shift = await readyShift(deps, { settings, timeZone: found.timeZone, provider });
      if (!shift.isOpen) throw new FiscalProviderError('shift_closed', 'the shift is closed');
      const lines = await receiptLines(deps.db, transactionId, settings.taxCodes);
      const documentKey = refund ? returnFiscalKey(refund.id) : fiscalKey(transactionId);
      const common = {
        idempotencyKey: documentKey,
        documentId: documentIdOf(documentKey, sale.token),
        currency: sale.currency,
        payment: 'cashless' as const,
      };
      ({ receiptId } = await provider.registerReceipt(
        refund
          ? {
              ...common,
              kind: 'return',
              totalMinor: refund.amountMinor,
              // A refund by products returns its own units (refund_lines of this ledger row).
              ...returnOf(
                sale,
                { amountMinor: refund.amountMinor, units: await repo.findRefundedUnits(deps.db, refund.id) },
                lines,
                settings.taxCodes,
              ),
              relatedReceiptId:
                saleReceipt?.status === 'ready' && saleReceipt.provider === settings.provider
                  ? saleReceipt.providerReceiptId
                  : null,
            }
          : {
              ...common,
              kind: 'sale',
              totalMinor: sale.amountMinor,
              discountMinor: sale.bonusesUsedMinor,
              lines: lines.map(({ line }) => line),
              relatedReceiptId: null,
            },
      ));
      await repo.updateFiscalReceipt(deps.db, row.id, {
        provider: settings.provider,
        providerReceiptId: receiptId,
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

/** A successful refund of the sale, by its ledger row. */
async function refundOf(db: Db, transactionId: number, refundId: number) {
  const [row] = await db
    .select({ id: paymentTransactions.id, amountMinor: paymentTransactions.amountMinor })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.id, refundId),
        eq(paymentTransactions.transactionId, transactionId),
        eq(paymentTransactions.operation, 'refund'),
        eq(paymentTransactions.status, PAYMENT_STATUS.success),
      ),
    );
  return row ?? null;
}
