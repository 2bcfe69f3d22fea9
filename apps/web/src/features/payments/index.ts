import { lazy } from 'react';

/** Public surface of the payments feature: the organisation's payment system settings. */
export const PaymentSystemScreen = lazy(() => import('./screens/payment-system'));
