import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { telemetry } from '../../db/schema/index.js';
import type { ServiceContext } from '../../lib/context.js';
import { pgArray } from '../../lib/sql.js';

/**
 * The telemetry tables are this module's (it draws the charts from them): the gateway hands
 * its gathered samples to insertTelemetry, and the hourly jobs roll them up and drop old
 * partitions (telemetry-retention.service.ts).
 */

export type TelemetryRow = typeof telemetry.$inferInsert;

const HOUR_MS = 3600_000;

/** Many samples in one statement with seven parameters (columns as arrays, unnested). */
export async function insertTelemetry(db: Db, rows: TelemetryRow[]): Promise<void> {
  const weights = (row: TelemetryRow) => (row.weights ? pgArray(row.weights) : null);
  await db.execute(sql`
    INSERT INTO telemetry (micromarket_id, at, temperature, defrosting, door_open, weights, tilt)
    SELECT id, at, temperature, defrosting, door_open, weights::integer[], tilt
    FROM unnest(${pgArray(rows.map((row) => row.micromarketId))}::integer[], ${pgArray(rows.map((row) => row.at))}::timestamptz[],
      ${pgArray(rows.map((row) => row.temperature))}::real[], ${pgArray(rows.map((row) => row.defrosting))}::boolean[],
      ${pgArray(rows.map((row) => row.doorOpen))}::boolean[], ${pgArray(rows.map(weights))}::text[],
      ${pgArray(rows.map((row) => row.tilt))}::real[])
      AS v(id, at, temperature, defrosting, door_open, weights, tilt)`);
}

function hourStart(ms: number): Date {
  return new Date(Math.floor(ms / HOUR_MS) * HOUR_MS);
}

/**
 * Rolls raw telemetry of the last two complete hours into telemetry_hourly (re-running an
 * hour replaces its row, so a late sample or a retried job is counted once).
 */
export async function rollupTelemetry(ctx: ServiceContext): Promise<void> {
  const to = hourStart(ctx.clock.nowMs());
  const from = new Date(to.getTime() - 2 * HOUR_MS);
  await ctx.db.execute(sql`
    INSERT INTO telemetry_hourly (micromarket_id, hour, samples, temperature_min, temperature_max, temperature_avg,
      door_open_samples, defrosting_samples)
    SELECT micromarket_id, date_trunc('hour', at), count(*)::int, min(temperature), max(temperature), avg(temperature),
      count(*) FILTER (WHERE door_open)::int, count(*) FILTER (WHERE defrosting)::int
    FROM telemetry
    WHERE at >= ${from.toISOString()}::timestamptz AND at < ${to.toISOString()}::timestamptz
    GROUP BY micromarket_id, date_trunc('hour', at)
    ON CONFLICT (micromarket_id, hour) DO UPDATE SET samples = excluded.samples,
      temperature_min = excluded.temperature_min, temperature_max = excluded.temperature_max,
      temperature_avg = excluded.temperature_avg, door_open_samples = excluded.door_open_samples,
      defrosting_samples = excluded.defrosting_samples`);
}
