import { lazy } from 'react';

/** Public surface of the technical feature: technical analytics (alerts) and the job queue. The app imports only this file. */
export const AlertListScreen = lazy(() => import('./screens/alert-list'));
export const JobListScreen = lazy(() => import('./screens/job-list'));
