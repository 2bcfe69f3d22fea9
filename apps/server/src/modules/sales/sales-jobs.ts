import type { ServiceContext } from '../../lib/context.js';
import type { JobRunner } from '../jobs/index.js';
import type { PaymentProviders } from '../payments/index.js';
import { HOLD_JOB, holdSale, SETTLE_JOB, SETTLE_SWEEP_JOB, settleSale, sweepUnsettled } from './settlement.service.js';
import { closeAbandonedWebSales } from './web-sale.js';

const idOf = (payload: Record<string, unknown>) => Number(payload.id);

/**
 * The sales jobs on the one job runner: hold at door open, settlement at close, and the sweep
 * that finds lost ones and closes web sales whose door never opened.
 */
export function registerSalesJobs(
  jobs: JobRunner,
  { ctx, providers }: { ctx: ServiceContext; providers: PaymentProviders },
) {
  jobs.register(HOLD_JOB, ({ job }) => holdSale(ctx, providers, idOf(job.payload)), { backoffBaseMs: 2_000 });
  jobs.register(SETTLE_JOB, ({ job }) => settleSale(ctx, providers, idOf(job.payload)), {
    backoffBaseMs: 5_000,
    backoffMaxMs: 10 * 60_000,
  });
  jobs.register(
    SETTLE_SWEEP_JOB,
    async () => {
      await closeAbandonedWebSales(ctx);
      await sweepUnsettled(ctx);
    },
    { everyMs: 60_000 },
  );
}
