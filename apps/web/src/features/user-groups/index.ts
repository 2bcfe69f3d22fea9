import { lazyScreen } from '../../lib/lazy-screen';

/** Public surface of the user-groups feature: the groups list with its phones drawer. */
export const UserGroupListScreen = lazyScreen(() => import('./screens/user-group-list'), ['user_groups']);
