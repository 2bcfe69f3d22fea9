import { lazyScreen } from '../../lib/lazy-screen';

/** Public surface of the notifications feature: `/notification/system/channel`. */
export const ChannelListScreen = lazyScreen(() => import('./screens/channel-list'), ['notifications']);
