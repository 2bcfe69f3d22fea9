import { lazyScreen } from '../../lib/lazy-screen';

/**
 * Public surface of the open-micromarket pages (§2 `/notauth/…/open/fridge/:token`): a phone
 * opens them from a QR code, so they are a lazy chunk of their own and carry no panel shell.
 */
export const OpenFridgeScreen = lazyScreen(() => import('./screens/open-fridge'), ['open', 'cards']);
