import type { Db } from '../../db/client.js';
import type { ServiceContext } from '../../lib/context.js';
import {
  addPeriods,
  createPartition,
  dropPartition,
  HOURLY_TELEMETRY,
  listPartitions,
  type Partition,
  partitionName,
  periodStart,
  RAW_TELEMETRY,
  sweepDefault,
  type TimePartitioned,
} from './telemetry-partitions.repository.js';

const DAY_MS = 24 * 3600_000;
/** Days of raw telemetry made ahead of today, and months of the hourly rollup ahead of this one. */
export const RAW_DAYS_AHEAD = 3;
export const HOURLY_MONTHS_AHEAD = 1;

/**
 * TELEMETRY_RETENTION_DAYS: a day of raw samples is dropped once its last instant is that many
 * days old. TELEMETRY_HOURLY_RETENTION_MONTHS: the hourly rollup keeps this month and that many
 * whole months before it.
 */
export type TelemetryRetention = { rawDays: number; hourlyMonths: number };
export const DEFAULT_TELEMETRY_RETENTION: TelemetryRetention = { rawDays: 7, hourlyMonths: 13 };

export type PartitionChanges = { created: string[]; dropped: string[] };

const covers = (partition: Partition, ms: number) =>
  !partition.isDefault &&
  (partition.fromMs === null || partition.fromMs <= ms) &&
  (partition.toMs === null || ms < partition.toMs);

/**
 * One table's partitions brought in line with the clock: the current period and `ahead` more
 * exist (so the hour's inserts never wait on the job), rows the default partition caught get a
 * partition of their own when their period is kept, and partitions whose end is at or before
 * `cutoffMs` are dropped. Running it twice changes nothing the second time.
 */
export async function keepPartitions(
  db: Db,
  target: TimePartitioned,
  { nowMs, ahead, cutoffMs }: { nowMs: number; ahead: number; cutoffMs: number },
): Promise<PartitionChanges> {
  const current = periodStart(target.unit, nowMs);
  const wanted = new Set<number>();
  for (let step = 0; step <= ahead; step++) wanted.add(addPeriods(target.unit, current, step));
  const caught = await sweepDefault(db, target, { cutoffMs, untilMs: addPeriods(target.unit, current, ahead + 1) });
  for (const start of caught) wanted.add(start);
  const partitions = await listPartitions(db, target);
  const created: string[] = [];
  for (const start of [...wanted].sort((a, b) => a - b)) {
    if (addPeriods(target.unit, start, 1) <= cutoffMs || partitions.some((p) => covers(p, start))) continue;
    await createPartition(db, target, start);
    created.push(partitionName(target, start));
  }
  const dropped: string[] = [];
  for (const partition of partitions) {
    if (partition.isDefault || partition.toMs === null || partition.toMs > cutoffMs) continue;
    await dropPartition(db, target, partition.name);
    dropped.push(partition.name);
  }
  return { created, dropped };
}

/** The `telemetry.retention` job: both telemetry tables' partitions made ahead and dropped by age. */
export async function keepTelemetryPartitions(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  retention: TelemetryRetention,
): Promise<{ raw: PartitionChanges; hourly: PartitionChanges }> {
  const nowMs = ctx.clock.nowMs();
  const raw = await keepPartitions(ctx.db, RAW_TELEMETRY, {
    nowMs,
    ahead: RAW_DAYS_AHEAD,
    cutoffMs: nowMs - retention.rawDays * DAY_MS,
  });
  const hourly = await keepPartitions(ctx.db, HOURLY_TELEMETRY, {
    nowMs,
    ahead: HOURLY_MONTHS_AHEAD,
    cutoffMs: addPeriods('month', periodStart('month', nowMs), -retention.hourlyMonths),
  });
  return { raw, hourly };
}
