/** How a BatchWriter gathers rows and what it does with those it cannot keep. */
export type BatchWriterOptions<T> = {
  /** Writes one batch (one statement, typically). */
  write(rows: T[]): Promise<void>;
  /** A batch is written once this many rows are gathered … */
  maxRows: number;
  /** … or this long after the first one came. */
  flushMs: number;
  /** Rows gathered or being written at most; beyond it new ones are refused. */
  maxPending: number;
  /** Rows refused while full, or in a batch the database refused (`error`). */
  onDropped(count: number, error?: unknown): void;
};

/**
 * Rows that arrive one by one at hundreds a second (telemetry samples, device events) are
 * gathered for a short time and written in one statement instead of one each. Batches are
 * written one after another, in order. A crash loses at most the rows gathered and not yet
 * written. Memory is bounded: while the database falls behind by `maxPending` rows, new ones
 * are refused rather than queued without end.
 */
export class BatchWriter<T> {
  private rows: T[] = [];
  /** Rows gathered plus rows in batches not yet written. */
  private pending = 0;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  /** Who waits for the rows gathered now (`written`), answered when their batch is written. */
  private waiting: { done: Promise<void>; resolve: () => void } | null = null;

  constructor(private readonly options: BatchWriterOptions<T>) {}

  /** Gathers a row; false when the writer is full and the row is dropped (and told). */
  add(row: T): boolean {
    if (this.pending >= this.options.maxPending) {
      this.options.onDropped(1);
      return false;
    }
    this.pending += 1;
    this.rows.push(row);
    if (this.rows.length >= this.options.maxRows) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs);
    return true;
  }

  /**
   * Resolves when every row added so far is written (or dropped), at the writer's own pace:
   * with the batch its timer or size starts, not one of its own (an acknowledgement that waits
   * for its rows keeps the batching).
   */
  written(): Promise<void> {
    if (this.rows.length === 0) return this.flushing;
    if (!this.waiting) {
      let resolve!: () => void;
      const done = new Promise<void>((r) => {
        resolve = r;
      });
      this.waiting = { done, resolve };
    }
    return this.waiting.done;
  }

  /** Writes what is gathered; resolves when everything added before the call is stored (or dropped). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.rows;
    const waiting = this.waiting;
    this.rows = [];
    this.waiting = null;
    this.flushing = this.flushing.then(async () => {
      if (batch.length === 0) return;
      try {
        await this.options.write(batch);
      } catch (error) {
        this.options.onDropped(batch.length, error);
      } finally {
        this.pending -= batch.length;
        waiting?.resolve();
      }
    });
    return this.flushing;
  }
}
