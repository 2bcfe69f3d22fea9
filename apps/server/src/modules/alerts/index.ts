import type { ModuleDeps, ModuleManifest } from '../../lib/module-manifest.js';
import type { JobRunner } from '../jobs/index.js';
import { alertRoutes } from './alerts.routes.js';
import { registerAlertJobs } from './alerts-jobs.js';

export { DEFAULT_THRESHOLDS, FLAP_QUIET_WINDOW_MS, type Thresholds } from './alert-rules.js';
export {
  applyTemperature,
  checkSessionWeights,
  raiseIncident,
  type TemperatureReading,
  type WeighedSession,
} from './alerts.service.js';
export { endFleetIncident, type FleetIncident, tellFleetIncident } from './fleet-notices.js';

export const alertsModule: ModuleManifest<ModuleDeps, JobRunner> = {
  name: 'alerts',
  routes: (app, { ctx }) => app.register(alertRoutes, { ctx }),
  jobs: (runner, { ctx }) => registerAlertJobs(runner, { ctx }),
};
