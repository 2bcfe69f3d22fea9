import { lazy } from 'react';

/**
 * Public surface of the users feature: users and their invitations. The app imports only this
 * file. Each screen is a lazy component with a chunk of its own, so importing the surface adds
 * next to nothing to the first download.
 */
export const UserListScreen = lazy(() => import('./screens/user-list'));
