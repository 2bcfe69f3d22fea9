import { lazyScreen } from '../../lib/lazy-screen';

/**
 * Public surface of the receipt page (`/receipt/:token`): a customer opens it from a link on
 * a phone, so it is a lazy chunk of its own with its own texts and no panel shell.
 */
export const ReceiptScreen = lazyScreen(() => import('./screens/receipt'), ['receipts']);
