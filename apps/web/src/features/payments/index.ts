import { lazyScreen } from '../../lib/lazy-screen';

/** Public surface of the payments feature: the organisation's payment system and fiscal provider settings. */
export const PaymentSystemScreen = lazyScreen(() => import('./screens/payment-system'), ['payments', 'fiscal']);
