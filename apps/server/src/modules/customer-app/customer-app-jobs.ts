import type { ServiceContext } from '../../lib/context.js';
import type { JobRunner } from '../jobs/index.js';
import type { ChannelEndpoints } from '../notifications/index.js';
import { sendCode, signInCodeJob } from './sign-in.service.js';

/** The customer app's jobs on the one job runner: the sign-in code is sent by a job. */
export function registerCustomerAppJobs(
  jobs: JobRunner,
  { ctx, endpoints }: { ctx: ServiceContext; endpoints: ChannelEndpoints },
) {
  const channels = { db: ctx.db, secrets: ctx.secrets, endpoints };
  jobs.register(signInCodeJob, (payload) => sendCode(ctx, channels, payload));
}
