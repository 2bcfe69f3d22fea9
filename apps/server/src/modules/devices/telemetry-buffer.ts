import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { telemetry } from '../../db/schema/index.js';

export type TelemetryRow = typeof telemetry.$inferInsert;

const FLUSH_ROWS = 500;
const FLUSH_MS = 250;

/**
 * Telemetry arrives from every device every minute; one INSERT per sample would be most of
 * the database's work. Samples are gathered for up to 250 ms or 500 rows and written in one
 * statement. A crash loses at most that window of samples, which QoS 0 telemetry allows.
 */
export class TelemetryBuffer {
  private rows: TelemetryRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly logger?: FastifyBaseLogger,
  ) {}

  add(row: TelemetryRow): void {
    this.rows.push(row);
    if (this.rows.length >= FLUSH_ROWS) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
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
        await this.db.insert(telemetry).values(batch);
      } catch (error) {
        this.logger?.error({ err: error, rows: batch.length }, 'telemetry batch lost');
      }
    });
    return this.flushing;
  }
}
