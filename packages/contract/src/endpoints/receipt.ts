import { defineEndpoint } from '../endpoint.js';
import { ZFileDownload } from '../resources/common.js';
import { ZFiscalConnectionResult, ZFiscalSettings, ZFiscalShift, ZUpdateFiscalSettings } from '../resources/fiscal.js';
import { ZOrgIdParam } from '../resources/payment.js';
import {
  ZReceipt,
  ZReceiptPdfQuery,
  ZReceiptTokenParam,
  ZTransactionIdParam,
  ZTransactionReceipt,
} from '../resources/receipt.js';

const tag = 'receipts';
const viewSettings = ['show_payment_system_setting'] as const;
const editSettings = ['edit_payment_system'] as const;
const transactions = ['show_transactions_page'] as const;

/**
 * Receipts of paid sales (a public page by the sale's unguessable token, and its PDF), the
 * fiscal receipt's state for the transaction list's row actions, and the organisation's
 * fiscal provider (its settings beside the payment system's, with the same permissions).
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
  fiscalSettings: defineEndpoint({
    method: 'GET',
    path: '/v1/organization/fiscal/system/:org_id',
    tag,
    summary: 'The organisation’s fiscal provider, masked credentials and shift',
    permissions: viewSettings,
    params: ZOrgIdParam,
    response: ZFiscalSettings,
  }),
  updateFiscalSettings: defineEndpoint({
    method: 'POST',
    path: '/v1/organization/fiscal/system/update/:org_id',
    tag,
    summary: 'Choose the fiscal provider and set its credentials (stored encrypted; an empty one keeps the stored one)',
    permissions: editSettings,
    params: ZOrgIdParam,
    body: ZUpdateFiscalSettings,
    response: ZFiscalSettings,
  }),
  testFiscalConnection: defineEndpoint({
    method: 'POST',
    path: '/v1/organization/fiscal/system/test/:org_id',
    tag,
    summary: 'Sign in to the fiscal provider with the stored credentials and read the shift',
    permissions: editSettings,
    params: ZOrgIdParam,
    response: ZFiscalConnectionResult,
    errors: [409],
  }),
  openShift: defineEndpoint({
    method: 'POST',
    path: '/v1/organization/fiscal/shift/open/:org_id',
    tag,
    summary: 'Open the fiscal shift of the organisation’s register (Checkbox: waits until the tax service has it)',
    permissions: editSettings,
    params: ZOrgIdParam,
    response: ZFiscalShift,
    errors: [409],
  }),
  closeShift: defineEndpoint({
    method: 'POST',
    path: '/v1/organization/fiscal/shift/close/:org_id',
    tag,
    summary: 'Close the fiscal shift (receipts wait until a shift opens again)',
    permissions: editSettings,
    params: ZOrgIdParam,
    response: ZFiscalShift,
    errors: [409],
  }),
};
