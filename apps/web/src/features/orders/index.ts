import { lazyScreen } from '../../lib/lazy-screen';

/** Public surface of the orders feature: the operators' list and the courier's deliveries. */
export const OrderListScreen = lazyScreen(() => import('./screens/order-list'), ['orders']);
export const CourierOrdersScreen = lazyScreen(() => import('./screens/courier-orders'), ['orders']);
