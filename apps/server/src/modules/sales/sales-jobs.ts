import type { ServiceContext } from '../../lib/context.js';
import type { JobRunner } from '../jobs/index.js';
import type { PaymentProviders } from '../payments/index.js';
import {
  holdJob,
  holdKey,
  holdSale,
  type SettleNow,
  settleJob,
  settleKey,
  settleSale,
  settleSweepJob,
  sweepUnsettled,
} from './settlement.service.js';
import { closeAbandonedWebSales } from './web-sale.js';

/**
 * The sales jobs on the one job runner: hold at door open, settlement at close, and the sweep
 * that finds lost ones and closes web sales whose door never opened.
 */
export function registerSalesJobs(
  jobs: JobRunner,
  { ctx, providers }: { ctx: ServiceContext; providers: PaymentProviders },
) {
  jobs.register(holdJob, ({ id }) => holdSale(ctx, providers, id));
  jobs.register(settleJob, ({ id }) => settleSale(ctx, providers, id));
  jobs.register(settleSweepJob, async () => {
    await closeAbandonedWebSales(ctx);
    await sweepUnsettled(ctx);
  });
}

/**
 * A closed sale settled right away, in the `sales.settle` kind's slots on this instance, so
 * the money is taken within moments of the door closing, without a job row (three writes per
 * sale at hundreds a second): the sweep (`sales.settle-sweep`) queues the durable job for any
 * sale left processing (a crash, a provider still deciding), and both ask the provider under
 * the same keys, so whichever runs second finds the sale settled. The hold at door open
 * likewise. Resolves `idle` when none is running or waiting (tests, shutdown).
 */
export function saleStepsOn(jobs: JobRunner): SettleNow & { idle(): Promise<void> } {
  return {
    settleSoon: (id) => jobs.runSoon(settleJob, { id }, { key: settleKey(id) }),
    holdSoon: (id) => jobs.runSoon(holdJob, { id }, { key: holdKey(id) }),
    idle: () => jobs.idle(),
  };
}
