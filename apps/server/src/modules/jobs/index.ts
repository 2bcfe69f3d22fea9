import type { ModuleManifest } from '../../lib/module-manifest.js';
import { jobRoutes } from './jobs.routes.js';

export { backoffDelay, type JobContext, type JobHandler, JobRunner, recurringKey } from './job-runner.js';
/** For modules that queue a job inside their own database transaction (the sale's fiscal receipt). */
export { insertJob, type JobRow } from './jobs.repository.js';

export const jobsModule: ModuleManifest = {
  name: 'jobs',
  routes: (app, { ctx }) => app.register(jobRoutes, { ctx }),
};
