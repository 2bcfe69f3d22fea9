export { organizationRoutes } from './organizations.routes.js';
