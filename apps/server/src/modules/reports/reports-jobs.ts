import type { ServiceContext } from '../../lib/context.js';
import type { JobRunner } from '../jobs/index.js';
import {
  queueDueReports,
  REPORT_MAIL_JOB,
  REPORT_SCHEDULE_EVERY_MS,
  REPORT_SCHEDULE_JOB,
  sendReportDelivery,
} from './report-mail.js';
import { flushSaleRollups } from './rollups.js';

export const ROLLUPS_JOB = 'reports.rollups';
/** How far the rollups may lag behind the sales for readers that do not flush first. */
export const ROLLUPS_EVERY_MS = 5_000;

/**
 * The reports jobs on the one job runner: the micromarket-days that sales marked are
 * recomputed once each, every few seconds, instead of once per sale inside its settlement;
 * and the scheduled reports are mailed.
 */
export function registerReportJobs(jobs: JobRunner, { ctx }: { ctx: ServiceContext }) {
  jobs.register(
    ROLLUPS_JOB,
    async () => {
      await flushSaleRollups(ctx.db);
    },
    { everyMs: ROLLUPS_EVERY_MS },
  );
  // Scheduled reports by mail: the schedule queues each due period once, a job per mail sends it.
  jobs.register(
    REPORT_SCHEDULE_JOB,
    async () => {
      await queueDueReports(ctx);
    },
    { everyMs: REPORT_SCHEDULE_EVERY_MS },
  );
  jobs.register(
    REPORT_MAIL_JOB,
    async ({ job }) => {
      await sendReportDelivery(ctx, Number(job.payload.delivery_id));
    },
    { backoffBaseMs: 60_000 },
  );
}
