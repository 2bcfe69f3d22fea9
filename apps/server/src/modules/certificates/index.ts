import type { ModuleManifest } from '../../lib/module-manifest.js';
import { certificateRoutes } from './certificates.routes.js';

export const certificatesModule: ModuleManifest = {
  name: 'certificates',
  routes: (app, { ctx }) => app.register(certificateRoutes, { ctx }),
};
