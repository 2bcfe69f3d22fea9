import { TELEMETRY_PERIOD_MS, type TelemetryPeriod, type TTelemetry, type TTelemetryPoint } from '@vitrina/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { getMicromarket } from './micromarkets.service.js';

const HOUR_MS = 3_600_000;
/** Periods up to this read raw telemetry; longer ones the hourly rollup (raw is kept 7 days). */
const RAW_UP_TO_MS = 24 * HOUR_MS;
const MAX_CONNECTION_EVENTS = 2_000;

type Bucket = {
  b: number;
  samples: number;
  tmin: number | null;
  tmax: number | null;
  /** Sum of temperatures and how many samples had one, so buckets merge into a true mean. */
  tsum: number | null;
  tcount: number;
  door: number;
  defrost: number;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const iso = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** Raw samples grouped by buckets of `bucketMs` (epoch-aligned). */
async function rawBuckets(db: Db, id: number, fromMs: number, toMs: number, bucketMs: number): Promise<Bucket[]> {
  const result = await db.execute(sql`
    SELECT floor(extract(epoch FROM at) * 1000 / ${bucketMs})::float8 AS b, count(*)::int AS samples,
      min(temperature)::float8 AS tmin, max(temperature)::float8 AS tmax,
      sum(temperature)::float8 AS tsum, count(temperature)::int AS tcount,
      count(*) FILTER (WHERE door_open)::int AS door, count(*) FILTER (WHERE defrosting)::int AS defrost
    FROM telemetry
    WHERE micromarket_id = ${id} AND at >= ${iso(fromMs)} AND at < ${iso(toMs)}
    GROUP BY 1 ORDER BY 1`);
  return rowsOf<Record<string, unknown>>(result).map(toBucket);
}

/** Hourly rollup rows grouped by buckets of `bucketMs`; `lastHour` is where the rollup ends. */
async function hourlyBuckets(db: Db, id: number, fromMs: number, toMs: number, bucketMs: number) {
  const result = await db.execute(sql`
    SELECT floor(extract(epoch FROM hour) * 1000 / ${bucketMs})::float8 AS b, sum(samples)::int AS samples,
      min(temperature_min)::float8 AS tmin, max(temperature_max)::float8 AS tmax,
      sum(temperature_avg * samples) FILTER (WHERE temperature_avg IS NOT NULL)::float8 AS tsum,
      coalesce(sum(samples) FILTER (WHERE temperature_avg IS NOT NULL), 0)::int AS tcount,
      sum(door_open_samples)::int AS door, sum(defrosting_samples)::int AS defrost,
      (extract(epoch FROM max(hour)) * 1000)::float8 AS last_hour
    FROM telemetry_hourly
    WHERE micromarket_id = ${id} AND hour >= ${iso(fromMs)} AND hour < ${iso(toMs)}
    GROUP BY 1 ORDER BY 1`);
  const rows = rowsOf<Record<string, unknown>>(result);
  const lastHour = rows.reduce((last, row) => Math.max(last, Number(row.last_hour)), Number.NEGATIVE_INFINITY);
  return { buckets: rows.map(toBucket), lastHour: Number.isFinite(lastHour) ? lastHour : null };
}

function toBucket(row: Record<string, unknown>): Bucket {
  return {
    b: Number(row.b),
    samples: Number(row.samples),
    tmin: num(row.tmin),
    tmax: num(row.tmax),
    tsum: num(row.tsum),
    tcount: Number(row.tcount),
    door: Number(row.door),
    defrost: Number(row.defrost),
  };
}

function merge(into: Map<number, Bucket>, bucket: Bucket) {
  const known = into.get(bucket.b);
  if (!known) {
    into.set(bucket.b, { ...bucket });
    return;
  }
  const pick = (a: number | null, b: number | null, f: (x: number, y: number) => number) =>
    a === null ? b : b === null ? a : f(a, b);
  known.samples += bucket.samples;
  known.tmin = pick(known.tmin, bucket.tmin, Math.min);
  known.tmax = pick(known.tmax, bucket.tmax, Math.max);
  known.tsum = pick(known.tsum, bucket.tsum, (x, y) => x + y);
  known.tcount += bucket.tcount;
  known.door += bucket.door;
  known.defrost += bucket.defrost;
}

const round = (value: number | null, digits = 2) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;

function toPoint(bucket: Bucket, bucketMs: number): TTelemetryPoint {
  return {
    at: new Date(bucket.b * bucketMs).toISOString(),
    temperature_min: round(bucket.tmin),
    temperature_max: round(bucket.tmax),
    temperature_avg: bucket.tsum === null || bucket.tcount === 0 ? null : round(bucket.tsum / bucket.tcount),
    door_open_share: bucket.samples === 0 ? 0 : round(bucket.door / bucket.samples, 3)!,
    defrosting: bucket.defrost > 0,
    samples: bucket.samples,
  };
}

/** Connection changes in [from, to) with the state just before `from` as the first entry. */
async function connectionChanges(db: Db, id: number, fromMs: number, toMs: number) {
  const [before, within] = await Promise.all([
    db.execute(sql`
      SELECT kind, at FROM device_events
      WHERE micromarket_id = ${id} AND kind IN ('connected', 'disconnected') AND at < ${iso(fromMs)}
      ORDER BY at DESC, id DESC LIMIT 1`),
    db.execute(sql`
      SELECT kind, at FROM device_events
      WHERE micromarket_id = ${id} AND kind IN ('connected', 'disconnected')
        AND at >= ${iso(fromMs)} AND at < ${iso(toMs)}
      ORDER BY at, id LIMIT ${MAX_CONNECTION_EVENTS}`),
  ]);
  const changes: TTelemetry['connection'] = [];
  const [previous] = rowsOf<{ kind: string }>(before);
  if (previous) changes.push({ at: new Date(fromMs).toISOString(), online: previous.kind === 'connected' });
  for (const row of rowsOf<{ kind: string; at: string | Date }>(within)) {
    changes.push({ at: new Date(row.at).toISOString(), online: row.kind === 'connected' });
  }
  return changes;
}

/**
 * The monitoring charts' data: up to 24 h from raw telemetry in 5/15-minute buckets, longer
 * periods from telemetry_hourly (1 h / 6 h buckets) with the hours the rollup has not reached
 * yet taken from raw samples. 404 for a micromarket the caller cannot see.
 */
export async function micromarketTelemetry(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
  period: TelemetryPeriod,
): Promise<TTelemetry> {
  await getMicromarket(ctx, actor, id);
  const { span, bucket } = TELEMETRY_PERIOD_MS[period];
  const toMs = ctx.clock.nowMs();
  const fromMs = Math.floor((toMs - span) / bucket) * bucket;
  const buckets = new Map<number, Bucket>();
  if (span <= RAW_UP_TO_MS) {
    for (const b of await rawBuckets(ctx.db, id, fromMs, toMs, bucket)) merge(buckets, b);
  } else {
    const hourly = await hourlyBuckets(ctx.db, id, fromMs, toMs, bucket);
    for (const b of hourly.buckets) merge(buckets, b);
    const rawFrom = hourly.lastHour === null ? fromMs : hourly.lastHour + HOUR_MS;
    for (const b of await rawBuckets(ctx.db, id, rawFrom, toMs, bucket)) merge(buckets, b);
  }
  const points = [...buckets.values()].sort((a, b) => a.b - b.b).map((b) => toPoint(b, bucket));
  return {
    period,
    from: new Date(fromMs).toISOString(),
    to: new Date(toMs).toISOString(),
    bucket_ms: bucket,
    points,
    connection: await connectionChanges(ctx.db, id, fromMs, toMs),
  };
}
