import { lazyScreen } from '../../lib/lazy-screen';

/** Public surface of the error-analytics feature: `/error/analytics`. */
export const ErrorAnalyticsScreen = lazyScreen(
  () => import('./screens/error-analytics'),
  ['error_analytics', 'alerts'],
);
