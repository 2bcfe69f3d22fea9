import { lazyScreen } from '../../lib/lazy-screen';

/** Public surface of the courier feature: `/courier/fridge/list`. */
export const CourierFridgeListScreen = lazyScreen(() => import('./screens/fridge-list'), ['courier']);
