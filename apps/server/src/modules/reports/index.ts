export { queueDueReports, REPORT_MAIL_JOB, REPORT_SCHEDULE_JOB, sendReportDelivery } from './report-mail.js';
export { latestDuePeriod } from './report-schedule.js';
export { deliveriesOf } from './report-subscriptions.repository.js';
export { reportRoutes } from './reports.routes.js';
export { ROLLUPS_EVERY_MS, ROLLUPS_JOB, registerReportJobs } from './reports-jobs.js';
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
