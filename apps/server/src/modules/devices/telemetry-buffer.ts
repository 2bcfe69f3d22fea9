import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { telemetry } from '../../db/schema/index.js';
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
 * Memory is bounded: while the database falls behind by TELEMETRY_MAX_PENDING samples, new
 * ones are refused (the caller counts them) rather than queued without end.
 */
export class TelemetryBuffer {
  private rows: TelemetryRow[] = [];
  /** Rows gathered plus rows in batches not yet written. */
  private pending = 0;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    /** Counts samples dropped: refused while full, or in a batch the database refused. */
    private readonly stats: Pick<GatewayStats, 'telemetryDropped'>,
    private readonly logger?: FastifyBaseLogger,
  ) {}

  /** Gathers a sample; false when the buffer is full and the sample is dropped (and counted). */
  add(row: TelemetryRow): boolean {
    if (this.pending >= TELEMETRY_MAX_PENDING) {
      this.stats.telemetryDropped += 1;
      return false;
    }
    this.pending += 1;
    this.rows.push(row);
    if (this.rows.length >= FLUSH_ROWS) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
    return true;
  }

  /** Writes what is gathered; resolves when everything added before the call is stored. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.rows;
    this.rows = [];
    this.flushing = this.flushing.then(async () => {
      if (batch.length === 0) return;
      try {
        await insertTelemetry(this.db, batch);
      } catch (error) {
        this.stats.telemetryDropped += batch.length;
        this.logger?.error({ err: error, rows: batch.length }, 'telemetry batch lost');
      } finally {
        this.pending -= batch.length;
      }
    });
    return this.flushing;
  }
}
