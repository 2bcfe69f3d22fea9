import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { BatchWriter } from '../lib/batch-writer.js';
import { insertTelemetry, type TelemetryRow } from '../modules/micromarkets/index.js';
import type { GatewayStats } from './gateway-stats.js';

const FLUSH_ROWS = 1_000;
const FLUSH_MS = 250;
/** Samples gathered or being written at most; beyond it new ones are dropped and counted. */
export const TELEMETRY_MAX_PENDING = 50_000;

/**
 * Telemetry arrives from every device every minute; one INSERT per sample would be most of
 * the database's work. Samples are gathered for up to 250 ms or 1,000 rows and written in one
 * statement (the micromarkets module's insertTelemetry: the telemetry table is its). A crash
 * loses at most that window of samples, which QoS 0 telemetry allows. While the database falls
 * behind by TELEMETRY_MAX_PENDING samples, new ones are refused (and counted) rather than
 * queued without end.
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
