import { SALE_PAYMENT } from '@vitrina/contract';
import type { ModuleDeps, ModuleManifest } from '../../lib/module-manifest.js';
import type { SaleEventHandler } from '../../lib/sale-events.js';
import type { JobRunner } from '../jobs/index.js';
import { reportRoutes } from './reports.routes.js';
import { registerReportJobs } from './reports-jobs.js';
import { markSaleRollups, saleBucketOf } from './rollups.js';

export {
  queueDueReports,
  REPORT_MAIL_JOB,
  REPORT_SCHEDULE_JOB,
  reportMailJob,
  sendReportDelivery,
} from './report-mail.js';
export { latestDuePeriod } from './report-schedule.js';
export { deliveriesOf } from './report-subscriptions.repository.js';
export { ROLLUPS_EVERY_MS, ROLLUPS_JOB } from './reports-jobs.js';
export {
  daysBetween,
  flushSaleRollups,
  markSaleRollups,
  rebuildDemoSaleRollups,
  rebuildSaleRollups,
  refreshSaleRollups,
  type SaleBucket,
  saleBucketOf,
  saleDay,
} from './rollups.js';

export const reportsModule: ModuleManifest<ModuleDeps, JobRunner> = {
  name: 'reports',
  routes: (app, { ctx }) => app.register(reportRoutes, { ctx }),
  jobs: (runner, { ctx }) => registerReportJobs(runner, { ctx }),
  saleEvents: (events) => {
    // A sale's micromarket-day of the sales rollups is marked (recomputed by the `reports.rollups`
    // job or before a report reads it) when the sale settles, is paid or refunded. A settled
    // sale that is paid is marked by its `paid` event, which the settlement sends in the same
    // transaction.
    const rollup: SaleEventHandler<'settled' | 'paid' | 'refunded'> = (db, { sale }) =>
      markSaleRollups(db, saleBucketOf(sale));
    events
      .on('settled', async (db, event) => {
        if (event.sale.paymentStatus !== SALE_PAYMENT.paid) await rollup(db, event);
      })
      .on('paid', rollup)
      .on('refunded', rollup);
  },
};
