import type { ServiceContext } from '../../lib/context.js';
import { defineJob } from '../../lib/job-kind.js';
import type { JobRunner } from '../jobs/index.js';
import { pruneTelemetry, rollupTelemetry } from './telemetry.repository.js';

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
  jobs.register(presenceJob, () => presence.sweepSilent());
  const retentionDays = telemetryRetentionDays ?? 7;
  jobs.register(rollupJob, () => rollupTelemetry(ctx));
  jobs.register(retentionJob, () => pruneTelemetry(ctx, retentionDays));
}
