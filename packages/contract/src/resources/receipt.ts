import { z } from 'zod';
import { LOCALES } from '../locales.js';
import { ZIdParam } from './common.js';
import { FISCAL_RECEIPT_STATUSES, ZFiscalDocument } from './fiscal.js';

/**
 * The public receipt link's token (a UUID). Any text is taken so that a malformed token
 * answers the same 404 as an unknown one; the service checks the shape before the database.
 */
export const ZReceiptTokenParam = z.object({ token: z.string().max(100) });
/** `?lang=` of the PDF link (a download carries no Lang header); default the caller's. */
export const ZReceiptPdfQuery = z.object({ lang: z.enum(LOCALES).optional() });

export const ZReceiptLine = z.object({
  name: z.string(),
  quantity: z.number().int(),
  /** Per unit, after the discount; and the line's total. Minor units of the receipt's currency. */
  price_minor: z.number().int(),
  total_minor: z.number().int(),
});

/**
 * The customer's receipt of a paid sale (public, by the sale's token). `fiscal` is null when
 * the micromarket does not register fiscal receipts; otherwise its status, and the document
 * once it is ready (until then the page says §8 "Receipt not ready: try again in 2 minutes").
 */
export const ZReceipt = z.object({
  number: z.number().int(),
  organization: z.object({ name: z.string(), fiscal_number: z.string().nullable() }),
  micromarket: z.object({ name: z.string(), address: z.string().nullable() }),
  date: z.string(),
  currency: z.string(),
  lines: z.array(ZReceiptLine),
  gross_minor: z.number().int(),
  discount_minor: z.number().int(),
  bonuses_used_minor: z.number().int(),
  amount_minor: z.number().int(),
  paid_minor: z.number().int(),
  refunded_minor: z.number().int(),
  /** §4 payment status: 1 paid (only paid sales have a receipt). */
  payment_status: z.number().int(),
  is_test: z.boolean(),
  fiscal: z
    .object({
      status: z.enum(FISCAL_RECEIPT_STATUSES),
      document: ZFiscalDocument.nullable(),
      /**
       * The return receipts of the sale's refunds, oldest first, and the correction of each
       * return whose refund the bank reversed (a sale receipt of the same goods).
       */
      returns: z.array(
        z.object({
          kind: z.enum(['return', 'correction']),
          amount_minor: z.number().int(),
          status: z.enum(FISCAL_RECEIPT_STATUSES),
          document: ZFiscalDocument.nullable(),
        }),
      ),
    })
    .nullable(),
});
export type TReceipt = z.infer<typeof ZReceipt>;

export const ZTransactionIdParam = ZIdParam;

/** A sale's fiscal receipts: its sale receipt, a refund's return, the correction of a reversed refund's return. */
export const FISCAL_RECEIPT_KINDS = ['sale', 'return', 'correction'] as const;

/** One fiscal receipt of a sale as the operator sees it (the transaction card). */
export const ZTransactionFiscalReceipt = z.object({
  id: z.number().int(),
  kind: z.enum(FISCAL_RECEIPT_KINDS),
  status: z.enum(FISCAL_RECEIPT_STATUSES),
  amount_minor: z.number().int(),
  /** The refund a return gives back, or whose return a correction undoes (its ledger row); null for the sale receipt. */
  refund: z.object({ payment_id: z.number().int(), at: z.string() }).nullable(),
  attempts: z.number().int(),
  /** Why its last attempt did not finish, translated; null when nothing stands in the way. */
  problem: z.string().nullable(),
  document: ZFiscalDocument.nullable(),
  /** Vitrina's receipt page, at this receipt; null while the sale is not paid. */
  receipt_url: z.string().nullable(),
});
export type TTransactionFiscalReceipt = z.infer<typeof ZTransactionFiscalReceipt>;

/** The transaction list's row actions "receipt" and "fiscal receipt" (operator). */
export const ZTransactionReceipt = z.object({
  transaction_id: z.number().int(),
  /** The public page and its PDF; null while the sale is not paid (no receipt yet). */
  receipt_url: z.string().nullable(),
  pdf_url: z.string().nullable(),
  /** Whether the micromarket registers fiscal receipts. */
  fiscal_required: z.boolean(),
  fiscal: z
    .object({
      status: z.enum(FISCAL_RECEIPT_STATUSES),
      attempts: z.number().int(),
      provider: z.string().nullable(),
      provider_receipt_id: z.string().nullable(),
      /** The technical problem of the last attempt, translated (closed shift, provider unreachable…). */
      problem: z.string().nullable(),
      document: ZFiscalDocument.nullable(),
      updated_at: z.string(),
    })
    .nullable(),
  /** Every fiscal receipt of the sale: the sale receipt first, then returns and corrections as they were made. */
  receipts: z.array(ZTransactionFiscalReceipt),
});
export type TTransactionReceipt = z.infer<typeof ZTransactionReceipt>;
