import { lazyScreen } from '../../lib/lazy-screen';

/** Public surface of the bonus promotions feature: the list and the form with its preview. */
export const PromotionListScreen = lazyScreen(() => import('./screens/promotion-list'), ['promotions']);
export const PromotionFormScreen = lazyScreen(() => import('./screens/promotion-form'), ['promotions']);
