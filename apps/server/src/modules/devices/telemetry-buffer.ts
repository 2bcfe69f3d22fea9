import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { telemetry } from '../../db/schema/index.js';
import { BatchWriter } from '../../lib/batch-writer.js';
import { pgArray } from '../../lib/sql.js';
import type { GatewayStats } from './gateway-stats.js';

export type TelemetryRow = typeof telemetry.$inferInsert;

const FLUSH_ROWS = 1_000;
const FLUSH_MS = 250;
/** Samples gathered or being written at most; beyond it new ones are dropped and counted. */
export const TELEMETRY_MAX_PENDING = 50_000;

/** Many samples in one statement with seven parameters (columns as arrays, unnested). */
async function insertTelemetry(db: Db, rows: TelemetryRow[]): Promise<void> {
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

/**
 * Telemetry arrives from every device every minute; one INSERT per sample would be most of
 * the database's work. Samples are gathered for up to 250 ms or 1,000 rows and written in one
 * statement. A crash loses at most that window of samples, which QoS 0 telemetry allows.
 * While the database falls behind by TELEMETRY_MAX_PENDING samples, new ones are refused
 * (and counted) rather than queued without end.
 */
export class TelemetryBuffer {
  private readonly writer: BatchWriter<TelemetryRow>;

  constructor(
    db: Db,
    /** Counts samples dropped: refused while full, or in a batch the database refused. */
    stats: Pick<GatewayStats, 'telemetryDropped'>,
    logger?: FastifyBaseLogger,
  ) {
    this.writer = new BatchWriter({
      write: (rows) => insertTelemetry(db, rows),
      maxRows: FLUSH_ROWS,
      flushMs: FLUSH_MS,
      maxPending: TELEMETRY_MAX_PENDING,
      onDropped: (count, error) => {
        stats.telemetryDropped += count;
        if (error) logger?.error({ err: error, rows: count }, 'telemetry batch lost');
      },
    });
  }

  /** Gathers a sample; false when the buffer is full and the sample is dropped (and counted). */
  add(row: TelemetryRow): boolean {
    return this.writer.add(row);
  }

  /** Writes what is gathered; resolves when everything added before the call is stored. */
  flush(): Promise<void> {
    return this.writer.flush();
  }
}
