/** Roles and their permissions. */
export { findRole, permissionsOfRoles } from './roles.repository.js';
export { roleRoutes } from './roles.routes.js';
export { assertGrantable, roleFitsOrg } from './roles.service.js';
