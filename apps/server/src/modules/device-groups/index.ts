/** Device groups: named sets of one organisation's micromarkets. */

import type { ModuleManifest } from '../../lib/module-manifest.js';
import { deviceGroupRoutes } from './device-groups.routes.js';

export { routeCouriersOf, routeMicromarkets } from './device-groups.repository.js';

export const deviceGroupsModule: ModuleManifest = {
  name: 'device-groups',
  routes: (app, { ctx }) => app.register(deviceGroupRoutes, { ctx }),
};
