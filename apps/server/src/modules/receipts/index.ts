/** Receipts of paid sales: the public page and PDF by the sale's token, and the transaction list's row actions. */
export { receiptRoutes } from './receipts.routes.js';
