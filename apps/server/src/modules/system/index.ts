import type { Database } from '../../db/client.js';
import type { ModuleManifest } from '../../lib/module-manifest.js';
import { systemRoutes } from './system.routes.js';

/** The health and readiness probes, which ask the database itself. */
export const systemModule: ModuleManifest<{ database: Database }> = {
  name: 'system',
  routes: (app, { database }) => app.register(systemRoutes, { database }),
};
