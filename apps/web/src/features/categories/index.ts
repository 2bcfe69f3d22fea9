import { lazyScreen } from '../../lib/lazy-screen';

/**
 * Public surface of the categories feature: the three-level category tree of the catalogue. The
 * app imports only this file. Each screen is a lazy component with a chunk of its own, so
 * importing the surface adds next to nothing to the first download.
 */
export const CategoryListScreen = lazyScreen(() => import('./screens/category-list'), ['categories']);
