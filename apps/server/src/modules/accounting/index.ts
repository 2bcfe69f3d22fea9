/** Stock accounting (issue 10): a micromarket's stock reconciled over a period from the tag moves. */
export { accountingRoutes } from './accounting.routes.js';
