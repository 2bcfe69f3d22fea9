import { z } from 'zod';
import { ZTimestamp } from './common.js';

/** Chart periods of the monitoring tab; up to 24 h come from raw telemetry, longer from hourly rows. */
export const TELEMETRY_PERIODS = ['6h', '24h', '7d', '30d'] as const;
export type TelemetryPeriod = (typeof TELEMETRY_PERIODS)[number];

/** Length of each period and the width of one chart point (bucket) in it. */
export const TELEMETRY_PERIOD_MS: Record<TelemetryPeriod, { span: number; bucket: number }> = {
  '6h': { span: 6 * 3_600_000, bucket: 5 * 60_000 },
  '24h': { span: 24 * 3_600_000, bucket: 15 * 60_000 },
  '7d': { span: 7 * 86_400_000, bucket: 3_600_000 },
  '30d': { span: 30 * 86_400_000, bucket: 6 * 3_600_000 },
};

export const ZTelemetryQuery = z.object({
  period: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(TELEMETRY_PERIODS, { error: 'validation.invalid' }).default('24h'),
  ),
});

export const ZTelemetryPoint = z.object({
  /** Start of the bucket. */
  at: ZTimestamp,
  temperature_min: z.number().nullable(),
  temperature_max: z.number().nullable(),
  temperature_avg: z.number().nullable(),
  /** Share of the samples with the door open, 0…1. */
  door_open_share: z.number(),
  /** Some sample of the bucket was taken while defrosting. */
  defrosting: z.boolean(),
  samples: z.number().int(),
});
export type TTelemetryPoint = z.infer<typeof ZTelemetryPoint>;

export const ZTelemetry = z.object({
  period: z.enum(TELEMETRY_PERIODS),
  from: ZTimestamp,
  to: ZTimestamp,
  bucket_ms: z.number().int(),
  /** Buckets with at least one sample, oldest first. */
  points: z.array(ZTelemetryPoint),
  /** Connection changes in the period (device_events), oldest first, plus the state at `from`. */
  connection: z.array(z.object({ at: ZTimestamp, online: z.boolean() })),
});
export type TTelemetry = z.infer<typeof ZTelemetry>;
