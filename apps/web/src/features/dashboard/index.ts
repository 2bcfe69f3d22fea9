import { lazy } from 'react';

/**
 * Public surface of the dashboard feature: the dashboard's counters. The app imports only this
 * file. Each screen is a lazy component with a chunk of its own, so importing the surface adds
 * next to nothing to the first download.
 */
export const DashboardScreen = lazy(() => import('./screens/dashboard'));
