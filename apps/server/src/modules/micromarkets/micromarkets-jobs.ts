import type { ServiceContext } from '../../lib/context.js';
import type { JobRunner } from '../jobs/index.js';
import { pruneTelemetry, rollupTelemetry } from './telemetry.repository.js';

const HOUR_MS = 3600_000;
/** How often the presence job looks for silent devices. */
const PRESENCE_EVERY_MS = 10_000;

/** The device gateway's side of presence: it knows since when it has been hearing its devices. */
export type DevicePresence = { sweepSilent(): Promise<void> };

export type MicromarketJobsDeps = {
  ctx: ServiceContext;
  /** The device gateway; null (no MQTT configured): no device jobs, as no telemetry arrives either. */
  presence: DevicePresence | null;
  telemetryRetentionDays?: number | undefined;
};

/**
 * The micromarkets' device jobs, with a gateway only: the presence sweep (devices silent too
 * long go offline), and the telemetry rollup and retention.
 */
export function registerMicromarketJobs(
  jobs: JobRunner,
  { ctx, presence, telemetryRetentionDays }: MicromarketJobsDeps,
) {
  if (!presence) return;
  jobs.register('devices.presence', () => presence.sweepSilent(), { everyMs: PRESENCE_EVERY_MS });
  const retentionDays = telemetryRetentionDays ?? 7;
  jobs.register('telemetry.rollup', () => rollupTelemetry(ctx), { everyMs: HOUR_MS });
  jobs.register('telemetry.retention', () => pruneTelemetry(ctx, retentionDays), { everyMs: HOUR_MS });
}
