export { organizationRoutes } from './organizations.routes.js';
export { createFirstOrganisation } from './organizations.service.js';
