import type { ServiceContext } from '../../lib/context.js';
import type { JobRunner } from '../jobs/index.js';
import type { PaymentProviders } from '../payments/index.js';
import { billingJob, billOrganisation, billOrgJob, queueMonthlyBilling } from './subscriptions.service.js';

/** The daily check queues one keyed job per organisation and month; each is retried by the runner until it settles. */
export function registerSubscriptionJobs(
  jobs: JobRunner,
  { ctx, providers }: { ctx: ServiceContext; providers: PaymentProviders },
) {
  jobs.register(billingJob, async () => {
    await queueMonthlyBilling(ctx);
  });
  jobs.register(billOrgJob, async ({ orgId, month }) => {
    await billOrganisation(ctx, providers, orgId, month);
  });
}
