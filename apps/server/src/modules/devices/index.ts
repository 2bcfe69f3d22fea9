export { type CommandDelivery, queueLinkOpening, queuePriceTagUpdate } from './commands.service.js';
export { deviceCommandRoutes } from './devices.routes.js';
export { registerDeviceJobs } from './devices-jobs.js';
export { Gateway, type GatewayOptions, type MqttSettings } from './gateway.js';
export { pruneTelemetry, rollupTelemetry } from './telemetry-rollup.js';
