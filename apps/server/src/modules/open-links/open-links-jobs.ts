import type { ServiceContext } from '../../lib/context.js';
import type { JobRunner } from '../jobs/index.js';
import type { PaymentProviders } from '../payments/index.js';
import { RELEASE_WEB_HOLDS_JOB, releaseAbandonedWebHolds } from './open-purchase.service.js';

/** The open links' jobs on the one job runner. */
export function registerOpenLinkJobs(
  jobs: JobRunner,
  { ctx, providers }: { ctx: ServiceContext; providers: PaymentProviders },
) {
  // Web purchases' holds no sale took (a buyer who never came back from their bank) go back.
  jobs.register(
    RELEASE_WEB_HOLDS_JOB,
    async () => {
      await releaseAbandonedWebHolds(ctx, providers);
    },
    { everyMs: 60_000 },
  );
}
