/** Micromarkets (the fleet's cabinets): their fields, token, settings, parts and history. */
export {
  type DeviceEventWrite,
  recordDeviceReport,
  recordEvent,
  recordEvents,
} from './device-events.repository.js';
export {
  type DeviceStateWrite,
  type DeviceStateWritten,
  loadDeviceState,
  writeDeviceStates,
  writeShelfWeights,
} from './device-state.repository.js';
export {
  type DeviceIdentity,
  markOfflineBySession,
  markOnline,
  markPriceTagShown,
  markSilentOffline,
  pointPriceTagAt,
  setLockState,
  setShelfCalibration,
  setTilt,
} from './device-writes.repository.js';
export { activeDiscountPercent, activeDiscountSql } from './discounts.repository.js';
export { findOrgsOf as findMicromarketOrgs, findSettingsRow } from './micromarkets.repository.js';
export { micromarketRoutes } from './micromarkets.routes.js';
export { fleetSummary, getEditableMicromarket, getMicromarket, visibleMicromarketOrg } from './micromarkets.service.js';
export { type DevicePresence, registerMicromarketJobs } from './micromarkets-jobs.js';
export { listPriceTags } from './price-tags.repository.js';
export { discountedPrice, personalPriceMap } from './prices.repository.js';
export { readSettings } from './settings.service.js';
export { insertTelemetry, type TelemetryRow } from './telemetry.repository.js';
export { readThresholds, THRESHOLDS_CHANNEL } from './thresholds.js';
