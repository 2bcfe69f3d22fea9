/** Error analytics (issue 11, §2 `/error/analytics`): refusals, failed payments, failed commands and alerts over a period. */
export { errorAnalyticsRoutes } from './error-analytics.routes.js';
