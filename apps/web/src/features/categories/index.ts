import { lazy } from 'react';

/**
 * Public surface of the categories feature: the three-level category tree of the catalogue. The
 * app imports only this file. Each screen is a lazy component with a chunk of its own, so
 * importing the surface adds next to nothing to the first download.
 */
export const CategoryListScreen = lazy(() => import('./screens/category-list'));
