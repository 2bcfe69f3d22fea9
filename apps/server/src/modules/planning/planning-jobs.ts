import type { ServiceContext } from '../../lib/context.js';
import { defineJob } from '../../lib/job-kind.js';
import type { JobRunner } from '../jobs/index.js';
import { LOW_STOCK_JOB, tellLowStock } from './low-stock.js';

const HOUR_MS = 3_600_000;
const lowStockJob = defineJob({ kind: LOW_STOCK_JOB, everyMs: HOUR_MS });

/** The planning jobs on the one job runner: the hourly low-stock notice. */
export function registerPlanningJobs(jobs: JobRunner, { ctx }: { ctx: ServiceContext }) {
  jobs.register(lowStockJob, async () => {
    await tellLowStock(ctx);
  });
}
