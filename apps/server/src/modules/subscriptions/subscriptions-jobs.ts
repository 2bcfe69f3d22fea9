import type { ServiceContext } from '../../lib/context.js';
import type { JobRunner } from '../jobs/index.js';
import type { PaymentProviders } from '../payments/index.js';
import { BILL_ORG_JOB, BILLING_JOB, billOrganisation, queueMonthlyBilling } from './subscriptions.service.js';

const DAY_MS = 24 * 3600 * 1000;

/** The daily check queues one keyed job per organisation and month; each is retried by the runner until it settles. */
export function registerSubscriptionJobs(
  jobs: JobRunner,
  { ctx, providers }: { ctx: ServiceContext; providers: PaymentProviders },
) {
  jobs.register(
    BILLING_JOB,
    async () => {
      await queueMonthlyBilling(ctx);
    },
    { everyMs: DAY_MS },
  );
  jobs.register(
    BILL_ORG_JOB,
    async ({ job }) => {
      const { orgId, month } = job.payload as { orgId: number; month: string };
      await billOrganisation(ctx, providers, orgId, month);
    },
    { backoffBaseMs: 60_000, backoffMaxMs: 6 * 3600 * 1000 },
  );
}
