import type { ServiceContext } from '../../lib/context.js';
import type { JobRunner } from '../jobs/index.js';
import { reconcilePayments } from './ledger/payment-operations.service.js';
import type { PaymentProviders } from './provider-registry.js';
import { TEST_WEBHOOKS_JOB } from './webhooks/payment-webhooks.service.js';

export type PaymentJobsDeps = {
  ctx: ServiceContext;
  providers: PaymentProviders;
  /** Delivers the test provider's webhooks that fell due (the app's, which logs the refused ones). */
  deliverTestWebhooks: () => Promise<unknown>;
};

/** The payments jobs on the one job runner: the test provider's delayed webhooks and the reconciliation. */
export function registerPaymentJobs(jobs: JobRunner, { ctx, providers, deliverTestWebhooks }: PaymentJobsDeps) {
  jobs.register(TEST_WEBHOOKS_JOB, async () => {
    await deliverTestWebhooks();
  });
  // Settles what a crash or a time-out left in process (DESIGN §5), once a minute across instances.
  jobs.register(
    'payments.reconcile',
    async () => {
      await reconcilePayments(ctx, providers);
    },
    { everyMs: 60_000 },
  );
}
