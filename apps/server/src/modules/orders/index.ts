/** Orders and wishes: customers' orders to micromarkets, their moves and money, couriers' deliveries. */

import type { ModuleDeps, ModuleManifest } from '../../lib/module-manifest.js';
import type { PaymentProviders } from '../payments/index.js';
import { orderRoutes } from './orders.routes.js';

export {
  appMicromarkets,
  appOrderProducts,
  appWishProducts,
  createCustomerOrder,
  createCustomerWish,
  listCustomerOrders,
} from './customer-orders.service.js';

export const ordersModule: ModuleManifest<ModuleDeps & { payments: PaymentProviders }> = {
  name: 'orders',
  routes: (app, { ctx, payments }) => app.register(orderRoutes, { ctx, providers: payments }),
};
