import { lazyScreen } from '../../lib/lazy-screen';

/**
 * Public surface of the products feature: the product list, the product card and the ratings.
 * The app imports only this file. Each screen is a lazy component with a chunk of its own, so
 * importing the surface adds next to nothing to the first download.
 */
export const ProductListScreen = lazyScreen(() => import('./screens/product-list'), ['products']);
export const ProductCardScreen = lazyScreen(() => import('./screens/product-card'), ['products']);
export const ProductRatingScreen = lazyScreen(() => import('./screens/product-rating'), ['products']);
