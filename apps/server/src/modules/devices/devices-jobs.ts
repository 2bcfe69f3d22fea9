import type { ServiceContext } from '../../lib/context.js';
import type { JobRunner } from '../jobs/index.js';
import { type Gateway, MAINTAIN_EVERY_MS } from './gateway.js';
import { pruneTelemetry, rollupTelemetry } from './telemetry-rollup.js';

const HOUR_MS = 3600_000;

export type DeviceJobsDeps = {
  ctx: ServiceContext;
  /** The device gateway; null (no MQTT configured): no device jobs. */
  gateway: Gateway | null;
  telemetryRetentionDays?: number | undefined;
};

/**
 * The devices jobs on the one job runner, with a gateway only: command delivery until
 * acknowledged or expired, the presence sweep, and the telemetry rollup and retention.
 */
export function registerDeviceJobs(jobs: JobRunner, { ctx, gateway, telemetryRetentionDays }: DeviceJobsDeps) {
  if (!gateway) return;
  jobs.register('devices.commands', () => gateway.maintainCommands(), { everyMs: MAINTAIN_EVERY_MS });
  jobs.register('devices.presence', () => gateway.sweepSilent(), { everyMs: MAINTAIN_EVERY_MS });
  const retentionDays = telemetryRetentionDays ?? 7;
  jobs.register('telemetry.rollup', () => rollupTelemetry(ctx), { everyMs: HOUR_MS });
  jobs.register('telemetry.retention', () => pruneTelemetry(ctx, retentionDays), { everyMs: HOUR_MS });
}
