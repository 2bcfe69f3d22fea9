export { backoffDelay, type JobContext, type JobHandler, JobRunner, recurringKey } from './job-runner.js';
export { jobRoutes } from './jobs.routes.js';
