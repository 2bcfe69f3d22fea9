import { lazyScreen } from '../../lib/lazy-screen';

/** Public surface of the alerts feature: the alert list (technical analytics) and the job queue. The app imports only this file. */
export const AlertListScreen = lazyScreen(() => import('./screens/alert-list'), ['alerts']);
export const JobListScreen = lazyScreen(() => import('./screens/job-list'), ['jobs']);
