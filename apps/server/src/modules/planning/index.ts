/** Restock planning (issue 10): what to bring to each micromarket, per route and per storage. */

export { LOW_STOCK_JOB, tellLowStock } from './low-stock.js';
export { planningRoutes } from './planning.routes.js';
export { computePlan } from './planning.service.js';
export { registerPlanningJobs } from './planning-jobs.js';
