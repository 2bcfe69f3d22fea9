import type { ServiceContext } from '../../lib/context.js';
import type { JobRunner } from '../jobs/index.js';
import { mailResetLink, resetMailJob } from './auth.service.js';

/** The auth jobs on the one job runner: the password reset link is mailed by a job. */
export function registerAuthJobs(jobs: JobRunner, { ctx }: { ctx: ServiceContext }) {
  jobs.register(resetMailJob, (payload) => mailResetLink(ctx, payload));
}
