/** Orders and wishes (issue 10): customers' orders to micromarkets, their moves and money, couriers' deliveries. */

export {
  appMicromarkets,
  appOrderProducts,
  appWishProducts,
  createCustomerOrder,
  createCustomerWish,
  listCustomerOrders,
} from './customer-orders.service.js';
export { orderRoutes } from './orders.routes.js';
