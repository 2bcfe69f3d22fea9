import type { ModuleDeps, ModuleManifest } from '../../lib/module-manifest.js';
import type { JobRunner } from '../jobs/index.js';
import { deviceCommandRoutes } from './devices.routes.js';
import { registerDeviceJobs } from './devices-jobs.js';
import type { Gateway } from './gateway.js';

export { type CommandDelivery, queueLinkOpening, queuePriceTagUpdate } from './commands.service.js';
export { deviceCommandRoutes } from './devices.routes.js';
export { registerDeviceJobs } from './devices-jobs.js';
export { Gateway, type GatewayOptions, type MqttSettings } from './gateway.js';
export { pruneTelemetry, rollupTelemetry } from './telemetry-rollup.js';

type DevicesDeps = ModuleDeps & { gateway: Gateway | null; telemetryRetentionDays: number | undefined };

export const devicesModule: ModuleManifest<DevicesDeps, JobRunner> = {
  name: 'devices',
  routes: (app, { ctx, gateway }) => app.register(deviceCommandRoutes, { ctx, gateway }),
  jobs: (runner, { ctx, gateway, telemetryRetentionDays }) =>
    registerDeviceJobs(runner, { ctx, gateway, ...(telemetryRetentionDays ? { telemetryRetentionDays } : {}) }),
};
