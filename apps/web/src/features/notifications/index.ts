import { lazyScreen } from '../../lib/lazy-screen';

/** Public surface of the notifications feature: `/notification/system/channel` and `/notification/system/client`. */
export const ChannelListScreen = lazyScreen(() => import('./screens/channel-list'), ['notifications']);
export const ClientRoutingScreen = lazyScreen(() => import('./screens/client-routing'), ['notifications']);
