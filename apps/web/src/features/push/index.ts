import { lazyScreen } from '../../lib/lazy-screen';

/** Public surface of the push feature: `/push/new` and `/push/queue`. */
export const PushNewScreen = lazyScreen(() => import('./screens/push-new'), ['push']);
export const PushQueueScreen = lazyScreen(() => import('./screens/push-queue'), ['push']);
