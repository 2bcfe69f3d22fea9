export { reportRoutes } from './reports.routes.js';
export { daysBetween, rebuildSaleRollups, refreshSaleRollups, type SaleBucket, saleDay } from './rollups.js';
