import type { ServiceContext } from '../../lib/context.js';
import { defineJob } from '../../lib/job-kind.js';
import type { JobRunner } from '../jobs/index.js';
import { rollupTelemetry } from './telemetry.repository.js';
import {
  DEFAULT_TELEMETRY_RETENTION,
  keepTelemetryPartitions,
  type TelemetryRetention,
} from './telemetry-retention.service.js';

const HOUR_MS = 3600_000;
/** How often the presence job looks for silent devices. */
const PRESENCE_EVERY_MS = 10_000;
const presenceJob = defineJob({ kind: 'devices.presence', everyMs: PRESENCE_EVERY_MS });
const rollupJob = defineJob({ kind: 'telemetry.rollup', everyMs: HOUR_MS });
const retentionJob = defineJob({ kind: 'telemetry.retention', everyMs: HOUR_MS });

/** The device gateway's side of presence: it knows since when it has been hearing its devices. */
export type DevicePresence = { sweepSilent(): Promise<void> };

export type MicromarketJobsDeps = {
  ctx: ServiceContext;
  /** The device gateway; null (no MQTT configured): no device jobs, as no telemetry arrives either. */
  presence: DevicePresence | null;
  /** TELEMETRY_RETENTION_DAYS and TELEMETRY_HOURLY_RETENTION_MONTHS; unset: 7 days and 13 months. */
  telemetryRetention?: TelemetryRetention | undefined;
};

/**
 * The micromarkets' device jobs, with a gateway only: the presence sweep (devices silent too
 * long go offline), the telemetry rollup, and the telemetry retention: the telemetry tables'
 * partitions made ahead and dropped whole by age (docs/decisions/135-telemetry-partitions.md).
 */
export function registerMicromarketJobs(
  jobs: JobRunner,
  { ctx, presence, telemetryRetention = DEFAULT_TELEMETRY_RETENTION }: MicromarketJobsDeps,
) {
  if (!presence) return;
  jobs.register(presenceJob, () => presence.sweepSilent());
  jobs.register(rollupJob, () => rollupTelemetry(ctx));
  jobs.register(retentionJob, async () => {
    await keepTelemetryPartitions(ctx, telemetryRetention);
  });
}
