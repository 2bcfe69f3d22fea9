import type { ModuleManifest } from '../../lib/module-manifest.js';
import { jobRoutes } from './jobs.routes.js';

export { defineJob, type JobKind, type JobPayload, JobPayloadError } from '../../lib/job-kind.js';
export {
  backoffDelay,
  enqueueJob,
  type JobContext,
  type JobHandler,
  JobRunner,
  recurringKey,
} from './job-runner.js';
export { JOBS_CHANNEL, type JobRow } from './jobs.repository.js';

export const jobsModule: ModuleManifest = {
  name: 'jobs',
  routes: (app, { ctx }) => app.register(jobRoutes, { ctx }),
};
