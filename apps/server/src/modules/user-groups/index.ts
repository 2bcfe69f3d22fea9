/** User groups (§2 `/user/group`): phone lists that resolve to customers, for push messages and promotions. */

import type { ModuleManifest } from '../../lib/module-manifest.js';
import { userGroupRoutes } from './user-groups.routes.js';

export { callingCodeOf } from './phone-import.js';
export { groupMemberIds, groupsOfCustomer } from './user-groups.repository.js';

export const userGroupsModule: ModuleManifest = {
  name: 'user-groups',
  routes: (app, { ctx }) => app.register(userGroupRoutes, { ctx }),
};
