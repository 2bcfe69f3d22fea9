import { lazyScreen } from '../../lib/lazy-screen';

/**
 * Public surface of the dashboard feature: the dashboard's counters, then its sales per
 * currency with their trends. The app imports only this file. The screen is a lazy component
 * with a chunk of its own; the sales panel's texts (`dashboard_sales`) come beside it rather
 * than in the core texts, so the sign-in page does not download them.
 */
export const DashboardScreen = lazyScreen(() => import('./screens/dashboard'), ['dashboard_sales']);
