import { lazy } from 'react';

/** Public surface of the technical feature: technical analytics (alerts). The app imports only this file. */
export const AlertListScreen = lazy(() => import('./screens/alert-list'));
