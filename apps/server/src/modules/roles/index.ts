/** Roles and their permissions. */
export { findRole } from './roles.repository.js';
export { roleRoutes } from './roles.routes.js';
export { assertGrantable } from './roles.service.js';
