import type { ModuleManifest } from '../../lib/module-manifest.js';
import { organizationRoutes } from './organizations.routes.js';

export { createFirstOrganisation } from './organizations.service.js';

export const organizationsModule: ModuleManifest = {
  name: 'organizations',
  routes: (app, { ctx }) => app.register(organizationRoutes, { ctx }),
};
