/** The training dataset of the neural camera. */

import type { ModuleManifest } from '../../lib/module-manifest.js';
import { datasetRoutes } from './dataset.routes.js';

export { addSessionEvidence } from './dataset-session.service.js';

export const datasetModule: ModuleManifest = {
  name: 'dataset',
  routes: (app, { ctx }) => app.register(datasetRoutes, { ctx }),
};
