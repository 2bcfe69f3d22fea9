/** Error analytics: refusals, failed payments, failed commands and alerts over a period. */

import type { ModuleManifest } from '../../lib/module-manifest.js';
import { errorAnalyticsRoutes } from './error-analytics.routes.js';

export const errorAnalyticsModule: ModuleManifest = {
  name: 'error-analytics',
  routes: (app, { ctx }) => app.register(errorAnalyticsRoutes, { ctx }),
};
