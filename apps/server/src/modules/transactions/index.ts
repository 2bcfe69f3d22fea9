/** Transactions screens (issue 8): the sales list, its totals and export, the card, refunds, charges, corrections. */
export { transactionRoutes } from './transactions.routes.js';
