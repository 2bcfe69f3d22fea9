import {
  SALE_PAYMENT,
  type TReceipt,
  type TTransactionFiscalReceipt,
  type TTransactionReceipt,
} from '@vitrina/contract';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { conflict, notFound } from '../../lib/errors.js';
import {
  FISCAL_MAX_ATTEMPTS,
  type FiscalReceiptRow,
  findFiscalReceipt,
  findReturnReceipts,
  fiscalKey,
  fiscalRegisterJob,
  listSaleReceipts,
  problemText,
} from '../fiscal/index.js';
import { readSettings } from '../micromarkets/index.js';
import { findSale, listLines, type SaleWithNames } from './receipts.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function documentOf(row: FiscalReceiptRow | null) {
  if (row?.status !== 'ready' || !row.fiscalNumber || !row.registeredAt) return null;
  return {
    number: row.fiscalNumber,
    fiscal_sign: row.fiscalSign,
    url: row.url ?? '',
    registered_at: row.registeredAt.toISOString(),
  };
}

const isFiscalRequired = (found: SaleWithNames) => readSettings(found.micromarketSettings).fiscal_receipts;

/**
 * The receipt of a paid sale by its public token. Unknown tokens and sales that are not paid
 * answer the same 404: nothing tells a guesser which tokens exist.
 */
export async function getReceipt(ctx: ServiceContext, token: string): Promise<TReceipt> {
  const found = UUID.test(token) ? await findSale(ctx.db, { token }) : null;
  if (!found || found.sale.paymentStatus !== SALE_PAYMENT.paid) throw notFound();
  const { sale } = found;
  const isFiscal = isFiscalRequired(found);
  const [lines, fiscal, returns] = await Promise.all([
    listLines(ctx.db, sale.id),
    isFiscal ? findFiscalReceipt(ctx.db, sale.id) : null,
    // Also once a reversed refund left nothing refunded: its return and correction stay on record.
    isFiscal ? findReturnReceipts(ctx.db, sale.id) : [],
  ]);
  return {
    number: sale.id,
    organization: { name: found.orgName, fiscal_number: found.fiscalNumber },
    micromarket: { name: found.micromarketName, address: found.micromarketAddress },
    date: (sale.settledAt ?? sale.closedAt ?? sale.openedAt).toISOString(),
    currency: sale.currency,
    lines: lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      price_minor: line.priceMinor,
      total_minor: line.priceMinor * line.quantity,
    })),
    gross_minor: sale.grossMinor,
    discount_minor: sale.discountMinor,
    bonuses_used_minor: sale.bonusesUsedMinor,
    amount_minor: sale.amountMinor,
    paid_minor: sale.paidMinor,
    refunded_minor: sale.refundedMinor,
    payment_status: sale.paymentStatus,
    is_test: sale.isTest,
    // Fiscal on but no row yet: the job has not run, so the receipt is pending as far as anyone can tell.
    fiscal: isFiscal
      ? {
          status: fiscal?.status ?? 'pending',
          document: documentOf(fiscal),
          returns: returns.map((row) => ({
            kind: row.kind === 'correction' ? ('correction' as const) : ('return' as const),
            amount_minor: row.amountMinor ?? 0,
            status: row.status,
            document: documentOf(row),
          })),
        }
      : null,
  };
}

async function visibleSale(ctx: ServiceContext, actor: UserActor, id: number): Promise<SaleWithNames> {
  const found = await findSale(ctx.db, { id });
  if (!found || !actor.scope.canSee(found.sale.orgId)) throw notFound();
  return found;
}

/**
 * The sale's receipts for the operator, each with its place on the receipt page: the sale's
 * under `#fiscal`, the others under `#fiscal-<n>`, n counting the returns and corrections as
 * the page lists them (oldest first).
 */
async function receiptsOf(
  ctx: ServiceContext,
  actor: UserActor,
  sale: SaleWithNames['sale'],
  receiptUrl: string | null,
): Promise<TTransactionFiscalReceipt[]> {
  const rows = await listSaleReceipts(ctx.db, sale.id);
  let returns = 0;
  return rows.map(({ receipt, refundAt, refundMinor }) => {
    const anchor = receipt.kind === 'sale' ? 'fiscal' : `fiscal-${++returns}`;
    return {
      id: receipt.id,
      kind: receipt.kind,
      status: receipt.status,
      // A row made before receipts kept their amount: the sale's, or its refund's.
      amount_minor: receipt.amountMinor ?? (receipt.kind === 'sale' ? sale.amountMinor : (refundMinor ?? 0)),
      refund:
        receipt.refundPaymentId === null
          ? null
          : { payment_id: receipt.refundPaymentId, at: (refundAt ?? receipt.createdAt).toISOString() },
      attempts: receipt.attempts,
      problem: problemText(receipt.lastError, actor.locale),
      document: documentOf(receipt),
      receipt_url: receiptUrl && `${receiptUrl}#${anchor}`,
    };
  });
}

async function present(ctx: ServiceContext, actor: UserActor, found: SaleWithNames): Promise<TTransactionReceipt> {
  const { sale } = found;
  const receiptUrl = sale.paymentStatus === SALE_PAYMENT.paid ? `${ctx.publicUrl}/receipt/${sale.token}` : null;
  const [fiscal, receipts] = await Promise.all([
    findFiscalReceipt(ctx.db, sale.id),
    receiptsOf(ctx, actor, sale, receiptUrl),
  ]);
  return {
    transaction_id: sale.id,
    receipt_url: receiptUrl,
    pdf_url: receiptUrl ? `${ctx.publicUrl}/v1/notauth/receipt/${sale.token}/pdf` : null,
    fiscal_required: isFiscalRequired(found),
    fiscal: fiscal && {
      status: fiscal.status,
      attempts: fiscal.attempts,
      provider: fiscal.provider,
      provider_receipt_id: fiscal.providerReceiptId,
      problem: problemText(fiscal.lastError, actor.locale),
      document: documentOf(fiscal),
      updated_at: fiscal.updatedAt.toISOString(),
    },
    receipts,
  };
}

/** The transaction list's row actions: the receipt link and the fiscal receipt's state. */
export async function getTransactionReceipt(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
): Promise<TTransactionReceipt> {
  return present(ctx, actor, await visibleSale(ctx, actor, id));
}

/**
 * "Register now" for a fiscal receipt whose retries ran out, or that was never queued (a sale
 * paid before the micromarket turned fiscal registration on): a fresh job, due at once. One
 * still pending is being retried every 2 minutes already.
 */
export async function retryFiscalReceipt(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
): Promise<TTransactionReceipt> {
  const found = await visibleSale(ctx, actor, id);
  actor.scope.assertEditable(found.sale.orgId);
  if (found.sale.paymentStatus !== SALE_PAYMENT.paid || !isFiscalRequired(found)) throw conflict('fiscal.not_required');
  const fiscal = await findFiscalReceipt(ctx.db, id);
  if (fiscal && fiscal.status !== 'failed') throw conflict('fiscal.not_failed');
  await ctx.jobs.enqueue(
    fiscalRegisterJob,
    { transaction_id: id },
    { key: fiscalKey(id), maxAttempts: FISCAL_MAX_ATTEMPTS },
  );
  return present(ctx, actor, found);
}
