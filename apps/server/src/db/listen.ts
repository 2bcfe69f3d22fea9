import { randomUUID } from 'node:crypto';
import pg from 'pg';

export type NotificationHandlers = {
  /**
   * One committed NOTIFY. Runs synchronously in the driver's callback, possibly while the
   * PGlite connection is inside a transaction: it must not await a query (deadlock).
   */
  onNotification(payload: string): void;
  /**
   * The listener is up (true) or down (false). Notifications sent while it was down are
   * lost, so whatever was derived from them must be dropped when it comes back.
   */
  onConnection(connected: boolean): void;
};

export type Subscription = {
  /**
   * Resolves once every notification committed before the call has been handed to
   * `onNotification` (PostgreSQL delivers in commit order, so a marker NOTIFY sent now and
   * seen by the listener proves the earlier ones were seen too).
   */
  sync(): Promise<void>;
  stop(): Promise<void>;
};

/** Reconnection backs off from a tenth of a second to five seconds. */
const RETRY_FIRST_MS = 100;
const RETRY_LAST_MS = 5_000;
/** A marker not back by then means the listener is stuck: it is dropped and reopened. */
const SYNC_TIMEOUT_MS = 5_000;
/** Markers of `sync()` travel on the same channel; every instance drops them. */
const SYNC_PREFIX = '~sync~';

type Options = {
  url: string;
  channel: string;
  handlers: NotificationHandlers;
  /** Sends a statement on the ordinary pool, where the application's own writes commit. */
  notify: (sql: string, params: unknown[]) => Promise<unknown>;
};

/**
 * A dedicated connection that LISTENs (a pooled one would lose its LISTEN when returned),
 * reopened with backoff whenever it drops. The first connection is awaited so a fresh
 * server starts with its listener up; later failures never throw, they only report down.
 */
export async function listenPostgres(options: Options): Promise<Subscription> {
  const { channel, handlers } = options;
  const instance = randomUUID();
  const waiting = new Map<string, () => void>();
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: NodeJS.Timeout | null = null;
  let markers = 0;

  const releaseWaiting = () => {
    for (const resolve of waiting.values()) resolve();
    waiting.clear();
  };

  const dropped = (lost: pg.Client) => {
    if (client !== lost) return;
    client = null;
    handlers.onConnection(false);
    releaseWaiting();
    scheduleConnect();
  };

  const scheduleConnect = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_LAST_MS);
  };

  const connect = async () => {
    const candidate = new pg.Client({ connectionString: options.url, keepAlive: true });
    candidate.on('error', (error) => {
      process.stderr.write(`PostgreSQL listener connection lost: ${error.message}\n`);
      dropped(candidate);
      candidate.end().catch(() => {});
    });
    candidate.on('end', () => dropped(candidate));
    candidate.on('notification', (message) => {
      if (message.channel !== channel) return;
      const payload = message.payload ?? '';
      if (payload.startsWith(SYNC_PREFIX)) {
        waiting.get(payload)?.();
        waiting.delete(payload);
        return;
      }
      handlers.onNotification(payload);
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${candidate.escapeIdentifier(channel)}`);
    } catch (error) {
      process.stderr.write(`PostgreSQL listener could not connect: ${(error as Error).message}\n`);
      candidate.end().catch(() => {});
      scheduleConnect();
      return;
    }
    if (stopped) {
      await candidate.end().catch(() => {});
      return;
    }
    client = candidate;
    retryMs = RETRY_FIRST_MS;
    handlers.onConnection(true);
  };

  await connect();

  return {
    async sync() {
      const listening = client;
      if (!listening) return;
      const marker = `${SYNC_PREFIX}${instance}:${++markers}`;
      const seen = new Promise<void>((resolve) => waiting.set(marker, resolve));
      const timer = setTimeout(() => {
        if (!waiting.has(marker)) return;
        process.stderr.write('PostgreSQL listener did not see its own marker; reconnecting\n');
        dropped(listening);
        listening.end().catch(() => {});
      }, SYNC_TIMEOUT_MS);
      try {
        await options.notify('select pg_notify($1, $2)', [channel, marker]);
        await seen;
      } catch {
        // The pool failed, so the request's own write did not go through it either.
        waiting.delete(marker);
      } finally {
        clearTimeout(timer);
      }
    },
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      const open = client;
      client = null;
      releaseWaiting();
      if (open) await open.end().catch(() => {});
    },
  };
}
