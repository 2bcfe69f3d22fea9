export { reportRoutes } from './reports.routes.js';
export {
  daysBetween,
  rebuildDemoSaleRollups,
  rebuildSaleRollups,
  refreshSaleRollups,
  type SaleBucket,
  saleDay,
} from './rollups.js';
