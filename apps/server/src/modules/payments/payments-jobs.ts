import type { ServiceContext } from '../../lib/context.js';
import { defineJob } from '../../lib/job-kind.js';
import type { JobRunner } from '../jobs/index.js';
import { reconcilePayments } from './ledger/payment-operations.service.js';
import type { PaymentProviders } from './provider-registry.js';
import { testWebhooksJob } from './webhooks/payment-webhooks.service.js';

export type PaymentJobsDeps = {
  ctx: ServiceContext;
  providers: PaymentProviders;
  /** Delivers the test provider's webhooks that fell due (the app's, which logs the refused ones). */
  deliverTestWebhooks: () => Promise<unknown>;
};

/** Settles what a crash or a time-out left in process (DESIGN §5), once a minute across instances. */
export const reconcileJob = defineJob({ kind: 'payments.reconcile', everyMs: 60_000 });

/** The payments jobs on the one job runner: the test provider's webhooks and the reconciliation. */
export function registerPaymentJobs(jobs: JobRunner, { ctx, providers, deliverTestWebhooks }: PaymentJobsDeps) {
  jobs.register(testWebhooksJob, async () => {
    await deliverTestWebhooks();
  });
  jobs.register(reconcileJob, async () => {
    await reconcilePayments(ctx, providers);
  });
}
