import { lazyScreen } from '../../lib/lazy-screen';

/** Public surface of the technical feature: technical analytics (alerts) and the job queue. The app imports only this file. */
export const AlertListScreen = lazyScreen(() => import('./screens/alert-list'), ['alerts']);
export const JobListScreen = lazyScreen(() => import('./screens/job-list'), ['jobs']);
