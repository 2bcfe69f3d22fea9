/** Users of the organisations. */
export { userRoutes } from './users.routes.js';
