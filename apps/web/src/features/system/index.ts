import { lazy } from 'react';
import { lazyScreen } from '../../lib/lazy-screen';

/**
 * Public surface of the system feature: the pages outside the panel (not found, unauthorised,
 * terms). The app imports only this file. Each screen is a lazy component with a chunk of its
 * own, so importing the surface adds next to nothing to the first download.
 */
export const NotFoundScreen = lazy(() => import('./screens/not-found'));
export const UnauthorizedScreen = lazy(() => import('./screens/unauthorized'));
export const TermsScreen = lazyScreen(() => import('./screens/terms'), ['terms']);
