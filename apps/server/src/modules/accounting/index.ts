/** Stock accounting: a micromarket's stock reconciled over a period from the tag moves. */

import type { ModuleManifest } from '../../lib/module-manifest.js';
import { accountingRoutes } from './accounting.routes.js';

export const accountingModule: ModuleManifest = {
  name: 'accounting',
  routes: (app, { ctx }) => app.register(accountingRoutes, { ctx }),
};
