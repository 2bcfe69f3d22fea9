/** The courier's micromarkets for today (issue 10). */
export { courierRoutes } from './courier.routes.js';
