import { defineEndpoint } from '../endpoint.js';
import { ZFileDownload, ZIdParam } from '../resources/common.js';
import { ZDatasetFile } from '../resources/dataset.js';
import {
  ZChargeTransaction,
  ZCorrectTransaction,
  ZExportTransactionsQuery,
  ZListTransactionsQuery,
  ZRefundTransaction,
  ZSendDisputeToDataset,
  ZTransactionCard,
  ZTransactionFiltersQuery,
  ZTransactionList,
  ZTransactionPaymentResult,
  ZTransactionTotals,
} from '../resources/transaction.js';

const tag = 'transactions';
const view = ['show_transactions_page'] as const;
const pay = ['show_update_transaction_page'] as const;

/** Sales (§2 `/device/transaction…`): the list, its totals and export, the card, refunds, charges, corrections. */
export const transactionApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/device/transaction/list',
    tag,
    summary: 'Sales of the visible organisations, newest first, a page per cursor',
    permissions: view,
    query: ZListTransactionsQuery,
    response: ZTransactionList,
  }),
  totals: defineEndpoint({
    method: 'GET',
    path: '/v1/device/transaction/totals',
    tag,
    summary: 'Count and sums of the filtered sales, per currency',
    permissions: view,
    query: ZTransactionFiltersQuery,
    response: ZTransactionTotals,
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/v1/device/transaction/export',
    tag,
    summary: 'The filtered sales as CSV or XLSX (at most 100,000 rows, newest first)',
    permissions: view,
    query: ZExportTransactionsQuery,
    response: ZFileDownload,
    format: 'file',
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/v1/device/transaction/info/:id',
    tag,
    summary: 'A sale: products, payment transactions, bonuses and the door session’s sensor evidence',
    permissions: view,
    params: ZIdParam,
    response: ZTransactionCard,
  }),
  refund: defineEndpoint({
    method: 'POST',
    path: '/v1/device/transaction/refund/:id',
    tag,
    summary: 'Refund a paid sale in full or in part (once per idempotency key)',
    permissions: pay,
    params: ZIdParam,
    body: ZRefundTransaction,
    response: ZTransactionPaymentResult,
    errors: [409],
  }),
  charge: defineEndpoint({
    method: 'POST',
    path: '/v1/device/transaction/charge/:id',
    tag,
    summary: 'Charge a not-paid sale again on the customer’s saved card (once per idempotency key)',
    permissions: pay,
    params: ZIdParam,
    body: ZChargeTransaction,
    response: ZTransactionPaymentResult,
    errors: [409],
  }),
  correct: defineEndpoint({
    method: 'POST',
    path: '/v1/device/transaction/correct/:id',
    tag,
    summary: 'Correct the products of a sale in manual processing or not paid, re-price it and settle it',
    permissions: pay,
    params: ZIdParam,
    body: ZCorrectTransaction,
    response: ZTransactionCard,
    errors: [409],
  }),
  toDataset: defineEndpoint({
    method: 'POST',
    path: '/v1/device/transaction/dataset/:id',
    tag,
    summary: 'Send the door session of a resolved sensor dispute to the training dataset',
    permissions: pay,
    params: ZIdParam,
    body: ZSendDisputeToDataset,
    response: ZDatasetFile,
    errors: [409],
  }),
};
