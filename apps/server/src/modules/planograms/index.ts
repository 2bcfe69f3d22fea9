/** Planograms: templates, each micromarket's layout, schedules and the tags a layout expects. */

import type { ModuleDeps, ModuleManifest } from '../../lib/module-manifest.js';
import type { JobRunner } from '../jobs/index.js';
import { planogramRoutes } from './planograms.routes.js';
import { registerPlanogramJobs } from './planograms-jobs.js';

export { expectedByProduct, readLayout } from './layout.js';
export { PLANOGRAM_SCHEDULES_JOB, runPlanogramSchedules } from './planograms-jobs.js';

export const planogramsModule: ModuleManifest<ModuleDeps, JobRunner> = {
  name: 'planograms',
  routes: (app, { ctx }) => app.register(planogramRoutes, { ctx }),
  jobs: (runner, { ctx }) => registerPlanogramJobs(runner, { ctx }),
};
