/** Restock planning: what to bring to each micromarket, per route and per storage. */

import type { ModuleDeps, ModuleManifest } from '../../lib/module-manifest.js';
import type { JobRunner } from '../jobs/index.js';
import { planningRoutes } from './planning.routes.js';
import { registerPlanningJobs } from './planning-jobs.js';

export { LOW_STOCK_JOB, tellLowStock } from './low-stock.js';
export { computePlan } from './planning.service.js';

export const planningModule: ModuleManifest<ModuleDeps, JobRunner> = {
  name: 'planning',
  routes: (app, { ctx }) => app.register(planningRoutes, { ctx }),
  jobs: (runner, { ctx }) => registerPlanningJobs(runner, { ctx }),
};
