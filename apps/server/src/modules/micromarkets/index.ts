/** Micromarkets (the fleet's cabinets): their fields, token, settings, parts and history. */

import type { TMapTiles } from '@vitrina/contract';
import type { ModuleDeps, ModuleManifest } from '../../lib/module-manifest.js';
import type { JobRunner } from '../jobs/index.js';
import { micromarketRoutes } from './micromarkets.routes.js';
import { type DevicePresence, registerMicromarketJobs } from './micromarkets-jobs.js';
import type { TelemetryRetention } from './telemetry-retention.service.js';

export {
  type DeviceEventWrite,
  recordDeviceReport,
  recordEvent,
  recordEvents,
} from './device-events.repository.js';
export {
  type DeviceStateWrite,
  type DeviceStateWritten,
  loadDeviceStates,
  type StoredDeviceState,
  writeDeviceStates,
  writeShelfWeights,
} from './device-state.repository.js';
export {
  type DeviceIdentity,
  markOfflineBySession,
  markOnline,
  markPriceTagShown,
  markSilentOffline,
  type OnlineUpdate,
  pointPriceTagAt,
  setLockState,
  setShelfCalibration,
  setTilt,
} from './device-writes.repository.js';
export { activeDiscountPercent, activeDiscountSql } from './discounts.repository.js';
export { findOrgsOf as findMicromarketOrgs, findSettingsRow } from './micromarkets.repository.js';
export { fleetSummary, getEditableMicromarket, getMicromarket, visibleMicromarketOrg } from './micromarkets.service.js';
export { type DevicePresence, registerMicromarketJobs } from './micromarkets-jobs.js';
export { listPriceTags } from './price-tags.repository.js';
export { discountedPrice, personalPriceMap } from './prices.repository.js';
export { readSettings } from './settings.service.js';
export { insertTelemetry, type TelemetryRow } from './telemetry.repository.js';
export type { TelemetryRetention } from './telemetry-retention.service.js';
export { readThresholds, THRESHOLDS_CHANNEL } from './thresholds.js';

/**
 * `mapTiles`: the fleet map's tile server, if one is configured; `gateway`: the device gateway
 * whose presence sweep the micromarkets' device jobs run (with the telemetry rollup and
 * retention); none without MQTT.
 */
export const micromarketsModule: ModuleManifest<
  ModuleDeps & {
    mapTiles: TMapTiles;
    gateway: DevicePresence | null;
    telemetryRetention: TelemetryRetention | undefined;
  },
  JobRunner
> = {
  name: 'micromarkets',
  routes: (app, { ctx, mapTiles }) => app.register(micromarketRoutes, { ctx, mapTiles }),
  jobs: (runner, { ctx, gateway, telemetryRetention }) =>
    registerMicromarketJobs(runner, { ctx, presence: gateway, telemetryRetention }),
};
