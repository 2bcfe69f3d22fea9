import type { ServiceContext } from '../../lib/context.js';
import type { JobRunner } from '../jobs/index.js';
import { mailResetLink, RESET_MAIL_JOB } from './auth.service.js';

/** The auth jobs on the one job runner: the password reset link is mailed by a job. */
export function registerAuthJobs(jobs: JobRunner, { ctx }: { ctx: ServiceContext }) {
  jobs.register(RESET_MAIL_JOB, ({ job }) => mailResetLink(ctx, job.payload));
}
