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
