/** Makers of products. */

import type { ModuleManifest } from '../../lib/module-manifest.js';
import { makerRoutes } from './makers.routes.js';

export { findMaker, insertMaker } from './makers.repository.js';

export const makersModule: ModuleManifest = {
  name: 'makers',
  routes: (app, { ctx }) => app.register(makerRoutes, { ctx }),
};
