import type { ServiceContext } from '../../lib/context.js';
import { defineJob } from '../../lib/job-kind.js';
import type { JobRunner } from '../jobs/index.js';
import type { PaymentProviders } from '../payments/index.js';
import { RELEASE_WEB_HOLDS_JOB, releaseAbandonedWebHolds } from './open-purchase.service.js';

/** Web purchases' holds no sale took (a buyer who never came back from their bank) go back. */
const releaseWebHoldsJob = defineJob({ kind: RELEASE_WEB_HOLDS_JOB, everyMs: 60_000 });

/** The open links' jobs on the one job runner. */
export function registerOpenLinkJobs(
  jobs: JobRunner,
  { ctx, providers }: { ctx: ServiceContext; providers: PaymentProviders },
) {
  jobs.register(releaseWebHoldsJob, async () => {
    await releaseAbandonedWebHolds(ctx, providers);
  });
}
