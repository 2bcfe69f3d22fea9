export { backoffDelay, type JobContext, type JobHandler, JobRunner, recurringKey } from './job-runner.js';
