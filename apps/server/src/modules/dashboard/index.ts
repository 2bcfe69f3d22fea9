import type { ModuleManifest } from '../../lib/module-manifest.js';
import { dashboardRoutes } from './dashboard.routes.js';

export const dashboardModule: ModuleManifest = {
  name: 'dashboard',
  routes: (app, { ctx }) => app.register(dashboardRoutes, { ctx }),
};
