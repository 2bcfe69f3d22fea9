import { PAYMENT_STATUS, SALE_PAYMENT } from '@vitrina/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { micromarkets, paymentTransactions, transactionProducts, transactions } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import { insertJob, type JobRow } from '../jobs/index.js';
import { readSettings } from '../micromarkets/index.js';
import * as repo from './fiscal.repository.js';
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

/**
 * §8's rejection reason "closed fiscal shift": the micromarket registers fiscal receipts and
 * its organisation's register is known to have no open shift (as last seen; the provider is
 * not asked on the sale path). A micromarket without fiscal registration is never refused.
 */
export async function fiscalShiftClosed(db: Db, micromarketId: number): Promise<boolean> {
  const [micromarket] = await db
    .select({ orgId: micromarkets.orgId, settings: micromarkets.settings })
    .from(micromarkets)
    .where(eq(micromarkets.id, micromarketId));
  if (!micromarket || !readSettings(micromarket.settings).fiscal_receipts) return false;
  const settings = await repo.findFiscalSettings(db, micromarket.orgId);
  return !settings?.shiftOpen;
}

/** Thrown to make the job runner ask again in two minutes; the row says why. */
class NotYet extends Error {}

type Deps = { db: Db; clock: Clock; providers: FiscalProviders };

/**
 * The `fiscal.register` job: registers the fiscal receipt of a paid sale of a micromarket
 * that has fiscal registration on, and fetches the document once it is ready. Idempotent:
 * a ready receipt is left alone, and the provider answers a repeated key with the first
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
  const stop = async (problem: string, error: Error) => {
    await repo.updateFiscalReceipt(deps.db, row.id, {
      lastError: problem,
      updatedAt: deps.clock.now(),
      ...(isLastAttempt ? { status: 'failed' as const } : {}),
    });
    throw error;
  };

  const found = await deps.providers.forOrg(deps.db, sale.orgId);
  if (!found) return stop('fiscal.not_configured', new NotYet('no fiscal provider'));
  try {
    let receiptId = row.providerReceiptId;
    if (!receiptId) {
      const lines = await deps.db
        .select({
          name: transactionProducts.name,
          quantity: transactionProducts.quantity,
          priceMinor: transactionProducts.priceMinor,
        })
        .from(transactionProducts)
        .where(eq(transactionProducts.transactionId, transactionId));
      ({ receiptId } = await found.provider.registerReceipt(
        refund
          ? {
              kind: 'return',
              idempotencyKey: returnFiscalKey(refund.id),
              currency: sale.currency,
              totalMinor: refund.amountMinor,
              lines: returnLines(sale, refund.amountMinor, lines),
            }
          : {
              kind: 'sale',
              idempotencyKey: fiscalKey(transactionId),
              currency: sale.currency,
              totalMinor: sale.amountMinor,
              lines,
            },
      ));
      await repo.updateFiscalReceipt(deps.db, row.id, {
        provider: found.row.provider,
        providerReceiptId: receiptId,
        updatedAt: deps.clock.now(),
      });
      if (!found.row.shiftOpen) await repo.rememberShift(deps.db, sale.orgId, true);
    }
    const answer = await found.provider.fetchReceipt(receiptId);
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
    if (error.kind === 'shift_closed') {
      await repo.rememberShift(deps.db, sale.orgId, false);
      return stop('fiscal.shift_closed', error);
    }
    return stop(
      error.kind === 'unavailable'
        ? `fiscal.provider_unavailable:${error.reason}`
        : `fiscal.provider_refused:${error.reason}`,
      error,
    );
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

type ReceiptLine = { name: string; quantity: number; priceMinor: number };

/**
 * What a return receipt gives back: the sale's lines when the whole amount is refunded; a
 * part refunded by amount is one line naming the sale, since it returns no particular item.
 */
export function returnLines(sale: { id: number; amountMinor: number }, refundMinor: number, lines: ReceiptLine[]) {
  if (refundMinor === sale.amountMinor) return lines;
  return [{ name: `Refund of sale #${sale.id}`, quantity: 1, priceMinor: refundMinor }];
}
