import type { ServiceContext } from '../../lib/context.js';
import type { JobRunner } from '../jobs/index.js';
import { flushSaleRollups } from './rollups.js';

export const ROLLUPS_JOB = 'reports.rollups';
/** How far the rollups may lag behind the sales for readers that do not flush first. */
export const ROLLUPS_EVERY_MS = 5_000;

/**
 * The reports jobs on the one job runner: the micromarket-days that sales marked are
 * recomputed once each, every few seconds, instead of once per sale inside its settlement.
 */
export function registerReportJobs(jobs: JobRunner, ctx: ServiceContext) {
  jobs.register(
    ROLLUPS_JOB,
    async () => {
      await flushSaleRollups(ctx.db);
    },
    { everyMs: ROLLUPS_EVERY_MS },
  );
}
