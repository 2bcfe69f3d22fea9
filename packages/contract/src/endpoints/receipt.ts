import { defineEndpoint } from '../endpoint.js';
import { ZFileDownload } from '../resources/common.js';
import {
  ZReceipt,
  ZReceiptPdfQuery,
  ZReceiptTokenParam,
  ZTransactionIdParam,
  ZTransactionReceipt,
} from '../resources/receipt.js';

const tag = 'receipts';
const transactions = ['show_transactions_page'] as const;

/**
 * Receipts of paid sales (a public page by the sale's unguessable token, and its PDF), and the
 * fiscal receipt's state for the transaction list's row actions (its retry included).
 */
export const receiptApi = {
  publicReceipt: defineEndpoint({
    method: 'GET',
    path: '/v1/notauth/receipt/:token',
    tag,
    summary: 'The receipt of a paid sale by its link; 404 for any token that is not a paid sale',
    isPublic: true,
    params: ZReceiptTokenParam,
    response: ZReceipt,
  }),
  publicReceiptPdf: defineEndpoint({
    method: 'GET',
    path: '/v1/notauth/receipt/:token/pdf',
    tag,
    summary: 'The same receipt as a PDF',
    isPublic: true,
    params: ZReceiptTokenParam,
    query: ZReceiptPdfQuery,
    response: ZFileDownload,
    format: 'file',
  }),
  transactionReceipt: defineEndpoint({
    method: 'GET',
    path: '/v1/device/transaction/receipt/:id',
    tag,
    summary: 'A sale’s receipt link and the state of its fiscal receipt',
    permissions: transactions,
    params: ZTransactionIdParam,
    response: ZTransactionReceipt,
  }),
  retryFiscal: defineEndpoint({
    method: 'POST',
    path: '/v1/device/transaction/fiscal/retry/:id',
    tag,
    summary: 'Register now a fiscal receipt whose retries ran out or that was never queued',
    permissions: transactions,
    params: ZTransactionIdParam,
    response: ZTransactionReceipt,
    errors: [403, 409],
  }),
};
