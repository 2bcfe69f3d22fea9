import { lazyScreen } from '../../lib/lazy-screen';

/** Public surface of the payments feature: the organisation's payment system and fiscal provider settings. */
export const PaymentSystemScreen = lazyScreen(() => import('./screens/payment-system'), ['payments', 'fiscal']);
/** The platform's own payment system (subscription fees), for the platform admin. */
export const PlatformPaymentSystemScreen = lazyScreen(() => import('./screens/platform-payment-system'), ['payments']);
