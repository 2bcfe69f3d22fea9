import { lazyScreen } from '../../lib/lazy-screen';

/**
 * Public surface of the users feature: users and their invitations. The app imports only this
 * file. Each screen is a lazy component with a chunk of its own, so importing the surface adds
 * next to nothing to the first download.
 */
export const UserListScreen = lazyScreen(() => import('./screens/user-list'), ['users']);
