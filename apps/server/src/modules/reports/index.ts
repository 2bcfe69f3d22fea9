export { reportRoutes } from './reports.routes.js';
export {
  daysBetween,
  rebuildDemoSaleRollups,
  rebuildSaleRollups,
  refreshSaleRollups,
  type SaleBucket,
  saleBucketOf,
  saleDay,
} from './rollups.js';
