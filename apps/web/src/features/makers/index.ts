import { lazyScreen } from '../../lib/lazy-screen';

/**
 * Public surface of the makers feature: product makers. The app imports only this file. Each
 * screen is a lazy component with a chunk of its own, so importing the surface adds next to
 * nothing to the first download.
 */
export const MakerListScreen = lazyScreen(() => import('./screens/maker-list'), ['makers']);
