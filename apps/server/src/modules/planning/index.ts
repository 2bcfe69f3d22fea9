/** Restock planning (issue 10): what to bring to each micromarket, per route and per storage. */

export { planningRoutes } from './planning.routes.js';
export { computePlan } from './planning.service.js';
