export { DEFAULT_THRESHOLDS, FLAP_QUIET_WINDOW_MS, type Thresholds } from './alert-rules.js';
export { alertRoutes } from './alerts.routes.js';
export {
  applyTemperature,
  checkSessionWeights,
  raiseIncident,
  type TemperatureReading,
  type WeighedSession,
} from './alerts.service.js';
export { registerAlertJobs } from './alerts-jobs.js';
export { endFleetIncident, type FleetIncident, tellFleetIncident } from './fleet-notices.js';
