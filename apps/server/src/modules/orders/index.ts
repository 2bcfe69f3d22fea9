/** Orders and wishes (issue 10): customers' orders to micromarkets, their moves and money, couriers' deliveries. */
export { orderRoutes } from './orders.routes.js';
