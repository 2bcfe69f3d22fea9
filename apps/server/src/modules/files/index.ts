import type { ModuleManifest } from '../../lib/module-manifest.js';
import { fileRoutes } from './files.routes.js';

export const filesModule: ModuleManifest = {
  name: 'files',
  routes: (app, { ctx }) => app.register(fileRoutes, { ctx }),
};
