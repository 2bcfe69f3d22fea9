import type { ServiceContext } from '../../lib/context.js';
import type { JobRunner } from '../jobs/index.js';
import { LOW_STOCK_JOB, tellLowStock } from './low-stock.js';

const HOUR_MS = 3_600_000;

/** The planning jobs on the one job runner: the hourly low-stock notice. */
export function registerPlanningJobs(jobs: JobRunner, { ctx }: { ctx: ServiceContext }) {
  jobs.register(
    LOW_STOCK_JOB,
    async () => {
      await tellLowStock(ctx);
    },
    { everyMs: HOUR_MS },
  );
}
