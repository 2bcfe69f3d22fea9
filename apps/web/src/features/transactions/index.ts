import { lazyScreen } from '../../lib/lazy-screen';

/**
 * Public surface of the transactions feature (§2 `/device/transaction…`): the sales list,
 * a sale's card with its sensor evidence and corrections, and its payment page.
 */
export const TransactionListScreen = lazyScreen(() => import('./screens/transaction-list'), ['transactions']);
export const TransactionCardScreen = lazyScreen(
  () => import('./screens/transaction-card'),
  [
    'transactions',
    // The micromarket history's event names, for the door session's timeline.
    'devices',
    // The dataset's tag names, for sending a resolved dispute to the training dataset.
    'dataset',
  ],
);
export const TransactionPaymentScreen = lazyScreen(() => import('./screens/transaction-payment'), ['transactions']);
