import { lazy } from 'react';

/**
 * Public surface of the products feature: the product list, the product card and the ratings.
 * The app imports only this file. Each screen is a lazy component with a chunk of its own, so
 * importing the surface adds next to nothing to the first download.
 */
export const ProductListScreen = lazy(() => import('./screens/product-list'));
export const ProductCardScreen = lazy(() => import('./screens/product-card'));
export const ProductRatingScreen = lazy(() => import('./screens/product-rating'));
