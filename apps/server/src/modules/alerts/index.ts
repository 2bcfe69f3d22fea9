export { DEFAULT_THRESHOLDS, type Thresholds } from './alert-rules.js';
export { alertRoutes } from './alerts.routes.js';
export {
  applyTemperature,
  checkSessionWeights,
  raiseIncident,
  type TemperatureReading,
  type WeighedSession,
} from './alerts.service.js';
export { type FleetIncident, tellFleetIncident } from './fleet-notices.js';
export { registerNoticeJobs } from './notices.service.js';
