import { lazyScreen } from '../../lib/lazy-screen';

/** Public surface of the courier feature: `/courier/fridge/list` and the `/dubai/courier` workspace. */
export const CourierFridgeListScreen = lazyScreen(() => import('./screens/fridge-list'), ['courier']);
export const CourierWorkspaceScreen = lazyScreen(() => import('./screens/workspace'), ['courier']);
