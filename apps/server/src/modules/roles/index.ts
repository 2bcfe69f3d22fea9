/** Roles and their permissions. */

import type { ModuleManifest } from '../../lib/module-manifest.js';
import { roleRoutes } from './roles.routes.js';

export { ADMINISTER_PERMISSIONS, assertAdministratorRemains, countAdministrators } from './administrators.js';
export { findRole, permissionsOfRoles } from './roles.repository.js';
export { assertGrantable, createPlatformRole, roleFitsOrg } from './roles.service.js';

export const rolesModule: ModuleManifest = {
  name: 'roles',
  routes: (app, { ctx }) => app.register(roleRoutes, { ctx }),
};
