import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../lib/sql.js';

/**
 * The telemetry tables are partitioned by range of their timestamp into UTC days (raw samples)
 * and UTC months (the hourly rollup), each with a DEFAULT partition that takes a row no other
 * holds (migration 0050). Retention drops whole partitions: no DELETE, no dead rows, no vacuum.
 * docs/decisions/135-telemetry-partitions.md.
 */
export type TimePartitioned = {
  table: 'telemetry' | 'telemetry_hourly';
  column: 'at' | 'hour';
  unit: 'day' | 'month';
};

export const RAW_TELEMETRY: TimePartitioned = { table: 'telemetry', column: 'at', unit: 'day' };
export const HOURLY_TELEMETRY: TimePartitioned = { table: 'telemetry_hourly', column: 'hour', unit: 'month' };

/** A partition as the catalogue has it: its bounds in epoch ms (null: MINVALUE / MAXVALUE), or the default. */
export type Partition = { name: string; fromMs: number | null; toMs: number | null; isDefault: boolean };

/**
 * How long the job may wait for a lock: dropping a partition takes the parent's ACCESS EXCLUSIVE
 * lock, and attaching one the referenced micromarkets' SHARE ROW EXCLUSIVE lock. A wait behind a
 * long query would hold every insert and chart read queued behind it; failing instead, the job is
 * retried with back-off.
 */
const LOCK_TIMEOUT = sql.raw(`'5s'`);

/** The start of the UTC day or month holding `ms`. */
export function periodStart(unit: TimePartitioned['unit'], ms: number): number {
  const at = new Date(ms);
  return unit === 'day'
    ? Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate())
    : Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1);
}

/** The start of the period `count` periods after the one starting at `startMs`. */
export function addPeriods(unit: TimePartitioned['unit'], startMs: number, count: number): number {
  const at = new Date(startMs);
  return unit === 'day'
    ? Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + count)
    : Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + count, 1);
}

/** `telemetry_p20260110`, `telemetry_hourly_p202601`. */
export function partitionName(target: TimePartitioned, startMs: number): string {
  const iso = new Date(startMs).toISOString();
  const stamp = target.unit === 'day' ? iso.slice(0, 10) : iso.slice(0, 7);
  return `${target.table}_p${stamp.replaceAll('-', '')}`;
}

const defaultName = (target: TimePartitioned) => `${target.table}_default`;
const iso = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
const msOf = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The table's partitions, with the bounds read back from the catalogue. */
export async function listPartitions(db: Db, target: TimePartitioned): Promise<Partition[]> {
  const result = await db.execute(sql`
    SELECT c.relname AS name, b.bound = 'DEFAULT' AS is_default,
      extract(epoch FROM (regexp_match(b.bound, 'FROM \\(''([^'']+)''\\)'))[1]::timestamptz) * 1000 AS from_ms,
      extract(epoch FROM (regexp_match(b.bound, 'TO \\(''([^'']+)''\\)'))[1]::timestamptz) * 1000 AS to_ms
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid,
      LATERAL (SELECT pg_get_expr(c.relpartbound, c.oid) AS bound) b
    WHERE i.inhparent = ${target.table}::regclass
    ORDER BY from_ms NULLS FIRST, c.relname`);
  return rowsOf<{ name: string; is_default: boolean; from_ms: unknown; to_ms: unknown }>(result).map((row) => ({
    name: row.name,
    isDefault: row.is_default,
    fromMs: msOf(row.from_ms),
    toMs: msOf(row.to_ms),
  }));
}

/** Serialises the job's changes to one table across instances, for the length of a transaction. */
async function lockTable(tx: Db, target: TimePartitioned) {
  await tx.execute(sql`SET LOCAL lock_timeout = ${LOCK_TIMEOUT}`);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`vitrina.partitions.${target.table}`}))`);
}

/**
 * Makes the partition of the period starting at `startMs`: made apart and attached, which takes
 * the parent's SHARE UPDATE EXCLUSIVE lock only (CREATE TABLE … PARTITION OF would take ACCESS
 * EXCLUSIVE, stopping every insert), with the rows the default partition holds for that period
 * moved into it first, in the same transaction (the attach refuses while the default has any).
 */
export async function createPartition(db: Db, target: TimePartitioned, startMs: number): Promise<void> {
  const name = sql.identifier(partitionName(target, startMs));
  const parent = sql.identifier(target.table);
  const column = sql.identifier(target.column);
  const from = iso(startMs);
  const to = iso(addPeriods(target.unit, startMs, 1));
  // A partition's bounds are part of the DDL, which takes no parameters: literals made from numbers.
  const bound = (ms: number) => sql.raw(`'${new Date(ms).toISOString()}'::timestamptz`);
  await db.transaction(async (tx) => {
    await lockTable(tx, target);
    await tx.execute(sql`CREATE TABLE ${name} (LIKE ${parent} INCLUDING DEFAULTS)`);
    // The default partition was made with the parent's columns in the parent's order, as was LIKE's copy.
    await tx.execute(sql`
      WITH moved AS (DELETE FROM ${sql.identifier(defaultName(target))} WHERE ${column} >= ${from} AND ${column} < ${to} RETURNING *)
      INSERT INTO ${name} SELECT * FROM moved`);
    await tx.execute(
      sql`ALTER TABLE ${parent} ATTACH PARTITION ${name} FOR VALUES FROM (${bound(startMs)}) TO (${bound(addPeriods(target.unit, startMs, 1))})`,
    );
  });
}

/** Drops a partition whole: its rows go at once, leaving no dead tuples behind. */
export async function dropPartition(db: Db, target: TimePartitioned, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTable(tx, target);
    await tx.execute(sql`DROP TABLE IF EXISTS ${sql.identifier(name)}`);
  });
}

/**
 * What the default partition holds: rows older than `cutoffMs` are deleted (the retention, for
 * the few rows no partition took), and the periods of the younger ones up to `untilMs` are
 * answered, for partitions to be made for them. Rows beyond `untilMs` (a clock far ahead) stay
 * until their period comes within reach.
 */
export async function sweepDefault(
  db: Db,
  target: TimePartitioned,
  { cutoffMs, untilMs }: { cutoffMs: number; untilMs: number },
): Promise<number[]> {
  const table = sql.identifier(defaultName(target));
  const column = sql.identifier(target.column);
  await db.execute(sql`DELETE FROM ${table} WHERE ${column} < ${iso(cutoffMs)}`);
  const result = await db.execute(sql`
    SELECT DISTINCT extract(epoch FROM date_trunc(${target.unit}, ${column} AT TIME ZONE 'UTC')) * 1000 AS start_ms
    FROM ${table} WHERE ${column} < ${iso(untilMs)} ORDER BY 1`);
  return rowsOf<{ start_ms: unknown }>(result).map((row) => Number(row.start_ms));
}
