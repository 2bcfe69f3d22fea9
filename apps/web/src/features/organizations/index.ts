import { lazyScreen } from '../../lib/lazy-screen';

/** Public surface of the organisations feature: the list and the organisation card. */
export const OrganizationListScreen = lazyScreen(() => import('./screens/organization-list'), ['organizations']);
export const OrganizationCardScreen = lazyScreen(() => import('./screens/organization-card'), ['organizations']);
