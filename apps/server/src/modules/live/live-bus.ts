import type { TLiveEvent } from '@vitrina/contract';
import { sql } from 'drizzle-orm';
import type { Database, Subscription } from '../../db/client.js';

/** The channel live events travel on between server instances (in-process on PGlite). */
export const LIVE_CHANNEL = 'vitrina_live';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; batches stay well below. */
const MAX_PAYLOAD_BYTES = 7_000;
const DEFAULT_FLUSH_MS = 200;

export type LiveMessage = { kind: 'event'; event: TLiveEvent } | { kind: 'resync' };
type Listener = (message: LiveMessage) => void;

export type LiveBusOptions = {
  /** How long events gather before one NOTIFY carries them; 0 sends each at once (tests). */
  flushMs?: number;
};

/**
 * Fans live events out to every server instance. Publishers (the device gateway, services,
 * jobs) call `publish`; events gather for a moment and the latest per topic and id wins, so
 * a fridge sending telemetry every second costs one notification per flush, not per message.
 * Each instance's listener hands them to its local subscribers (the open event streams).
 * A listener that reconnects announces `resync`: what was sent meanwhile is lost, so
 * screens refetch.
 */
export class LiveBus {
  readonly #database: Pick<Database, 'db' | 'listen'>;
  readonly #flushMs: number;
  readonly #listeners = new Set<Listener>();
  readonly #pending = new Map<string, TLiveEvent>();
  #timer: NodeJS.Timeout | null = null;
  #subscription: Subscription | null = null;
  #flushing: Promise<void> = Promise.resolve();

  constructor(database: Pick<Database, 'db' | 'listen'>, options: LiveBusOptions = {}) {
    this.#database = database;
    this.#flushMs = options.flushMs ?? DEFAULT_FLUSH_MS;
  }

  async start(): Promise<void> {
    let wasConnected = true;
    this.#subscription = await this.#database.listen(LIVE_CHANNEL, {
      onNotification: (payload) => this.#deliver(payload),
      onConnection: (connected) => {
        if (connected && !wasConnected) this.#emit({ kind: 'resync' });
        wasConnected = connected;
      },
    });
  }

  async stop(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.flush();
    await this.#subscription?.stop();
    this.#subscription = null;
  }

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  get subscribers(): number {
    return this.#listeners.size;
  }

  publish(event: TLiveEvent): void {
    this.#pending.set(`${event.topic}:${event.id}`, event);
    if (this.#flushMs === 0) {
      void this.flush();
      return;
    }
    if (!this.#timer) {
      this.#timer = setTimeout(() => {
        this.#timer = null;
        void this.flush();
      }, this.#flushMs);
      this.#timer.unref();
    }
  }

  /** Sends what is pending; resolves once it is sent (and, on one instance, delivered). */
  flush(): Promise<void> {
    const events = [...this.#pending.values()];
    this.#pending.clear();
    if (events.length === 0) return this.#flushing;
    this.#flushing = this.#flushing.then(() => this.#send(events));
    return this.#flushing;
  }

  async #send(events: TLiveEvent[]): Promise<void> {
    // One statement for the whole flush, however many payloads it takes: a busy gateway
    // announces thousands of changes a second, and a round trip per payload fell behind.
    const payloads = batchesOf(events).map((batch) => sql`(${JSON.stringify(batch)})`);
    try {
      await this.#database.db.execute(
        sql`select pg_notify(${LIVE_CHANNEL}, p.payload) from (values ${sql.join(payloads, sql`, `)}) as p(payload)`,
      );
    } catch (error) {
      // Live events are hints for screens: a lost batch costs a refetch, never data.
      process.stderr.write(`live events not sent: ${(error as Error).message}\n`);
    }
    await this.#subscription?.sync();
  }

  #deliver(payload: string): void {
    let events: TLiveEvent[];
    try {
      events = JSON.parse(payload) as TLiveEvent[];
    } catch {
      return;
    }
    if (!Array.isArray(events)) return;
    for (const event of events) this.#emit({ kind: 'event', event });
  }

  #emit(message: LiveMessage): void {
    for (const listener of this.#listeners) {
      try {
        listener(message);
      } catch {
        // One broken stream must not keep the others from their events.
      }
    }
  }
}

/** Splits events into JSON arrays under the NOTIFY payload limit; an oversized event is dropped. */
export function batchesOf(events: TLiveEvent[]): TLiveEvent[][] {
  const batches: TLiveEvent[][] = [];
  let current: TLiveEvent[] = [];
  let size = 2;
  for (const event of events) {
    const eventSize = Buffer.byteLength(JSON.stringify(event)) + 1;
    if (eventSize + 2 > MAX_PAYLOAD_BYTES) continue;
    if (size + eventSize > MAX_PAYLOAD_BYTES) {
      batches.push(current);
      current = [];
      size = 2;
    }
    current.push(event);
    size += eventSize;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
