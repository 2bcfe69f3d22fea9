import { lazyScreen } from '../../lib/lazy-screen';

/**
 * Public surface of the reports feature: sales and write-offs of a period. The app imports
 * only this file; the screen is a lazy chunk of its own.
 */
export const ReportListScreen = lazyScreen(() => import('./screens/report-list'), ['reports']);
