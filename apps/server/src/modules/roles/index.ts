/** Roles and their permissions. */
export { ADMINISTER_PERMISSIONS, assertAdministratorRemains, countAdministrators } from './administrators.js';
export { findRole, permissionsOfRoles } from './roles.repository.js';
export { roleRoutes } from './roles.routes.js';
export { assertGrantable, createPlatformRole, roleFitsOrg } from './roles.service.js';
