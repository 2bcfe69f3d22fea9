import type { ServiceContext } from '../../lib/context.js';
import { defineJob } from '../../lib/job-kind.js';
import type { JobRunner } from '../jobs/index.js';
import { queueDueReports, reportMailJob, reportScheduleJob, sendReportDelivery } from './report-mail.js';
import { flushSaleRollups } from './rollups.js';

export const ROLLUPS_JOB = 'reports.rollups';
/** How far the rollups may lag behind the sales for readers that do not flush first. */
export const ROLLUPS_EVERY_MS = 5_000;
export const rollupsJob = defineJob({ kind: ROLLUPS_JOB, everyMs: ROLLUPS_EVERY_MS });

/**
 * The reports jobs on the one job runner: the micromarket-days that sales marked are
 * recomputed once each, every few seconds, instead of once per sale inside its settlement;
 * and the scheduled reports are mailed.
 */
export function registerReportJobs(jobs: JobRunner, { ctx }: { ctx: ServiceContext }) {
  jobs.register(rollupsJob, async () => {
    await flushSaleRollups(ctx.db);
  });
  // Scheduled reports by mail: the schedule queues each due period once, a job per mail sends it.
  jobs.register(reportScheduleJob, async () => {
    await queueDueReports(ctx);
  });
  jobs.register(reportMailJob, async ({ delivery_id }) => {
    await sendReportDelivery(ctx, delivery_id);
  });
}
