/** User groups (§2 `/user/group`): phone lists that resolve to customers, for push messages and promotions. */

export { callingCodeOf } from './phone-import.js';
export { groupMemberIds, groupsOfCustomer } from './user-groups.repository.js';
export { userGroupRoutes } from './user-groups.routes.js';
