import { createHash } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../lib/paths.js';
import { listenPostgres, type NotificationHandlers, type Subscription } from './listen.js';
import { acquireDataDirLock } from './lock.js';

// The listener's types live beside it (listen.ts imports nothing from here); the rest of the
// server knows them as the database's.
export type { NotificationHandlers, Subscription };

/**
 * Both drivers share this type, so repositories never know which one runs. Without the
 * schema: the relational query API is not used, and with it every transaction built a query
 * builder for each of the hundred tables (a few percent of the door-close path's CPU).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Flushes and closes; on PGlite it checkpoints first and releases the folder lock. */
  close(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Subscribes to a PostgreSQL notification channel: a dedicated connection that LISTENs on
   * PostgreSQL (reconnecting when dropped), PGlite's in-process LISTEN otherwise. NOTIFY is
   * delivered on commit only, so a rolled-back change is never announced.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<Subscription>;
};

/** `subscription`, kept in `open` until it is stopped, so whoever closes the connection can stop what is left. */
export function tracked(open: Set<Subscription>, subscription: Subscription): Subscription {
  open.add(subscription);
  return {
    sync: () => subscription.sync(),
    stop: async () => {
      open.delete(subscription);
      await subscription.stop();
    },
  };
}

/** Arbitrary constant for the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 7_104_221;

export type OpenOptions = {
  databaseUrl?: string | undefined;
  /** Folder for the embedded database; omit for an in-memory one (tests). */
  dataDir?: string | undefined;
  /** A `dumpDataDir()` tarball the in-memory database starts from (tests clone a migrated template). */
  loadDataDir?: Blob | undefined;
  instances?: number;
  /** Called with every statement and its parameters (debugging, benchmarks). */
  logQuery?: (query: string, params: unknown[]) => void;
};

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const logger = options.logQuery ? { logQuery: options.logQuery } : undefined;
  if (options.databaseUrl) return openPostgres(options.databaseUrl, logger);
  if ((options.instances ?? 1) > 1) {
    throw new Error(
      'The embedded database (PGlite) serves one process only. Set DATABASE_URL to a PostgreSQL server to run several instances.',
    );
  }
  return openPglite(options.dataDir, logger, options.loadDataDir);
}

type Logger = { logQuery: (query: string, params: unknown[]) => void } | undefined;

async function openPglite(dataDir: string | undefined, logger: Logger, loadDataDir?: Blob): Promise<Database> {
  const release = dataDir ? acquireDataDirLock(dataDir) : () => {};
  try {
    // pg_trgm backs the catalogue's text search; the same extension ships with PostgreSQL.
    const options = { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) };
    const client = dataDir ? new PGlite(path.join(dataDir, 'pglite'), options) : new PGlite(options);
    await client.waitReady;
    const db = drizzlePglite(client, { logger }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
      ping: async () => {
        await client.query('select 1');
      },
      listen: async (channel, handlers) => {
        // PGlite hands notifications to callbacks (as microtasks) while it parses the
        // committing statement's answer, so they are seen before that statement returns.
        const unlisten = await client.listen(channel, handlers.onNotification);
        handlers.onConnection(true);
        return {
          sync: async () => {},
          stop: async () => {
            if (!client.closed) await unlisten();
          },
        };
      },
      close: async () => {
        try {
          if (!client.closed) {
            // A folder is checkpointed so the next start replays nothing; memory has no next start.
            if (dataDir) await client.query('CHECKPOINT');
            await client.close();
          }
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Statements with more parameters than this (long IN lists, bulk inserts) stay unnamed: each length would be another. */
const MAX_PREPARED_PARAMS = 64;
const MAX_STATEMENT_NAMES = 5_000;

/**
 * Names every parameterised statement of a pool connection after a hash of its text, so the
 * driver prepares it once per connection and PostgreSQL skips parsing and planning it again
 * (DESIGN §8, docs/decisions/031-door-close-payment-at-200-sessions-s.md, "Prepared statements"): on the door-close path half of the
 * server's time in PostgreSQL went to planning the same few dozen statements. Statements
 * without parameters (BEGIN, COMMIT, migrations) keep the simple protocol.
 */
function prepareStatements(client: pg.PoolClient, names: Map<string, string>): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    if (
      config !== null &&
      typeof config === 'object' &&
      !('name' in config && (config as { name?: string }).name) &&
      typeof (config as { text?: unknown }).text === 'string' &&
      Array.isArray(values) &&
      values.length > 0 &&
      values.length <= MAX_PREPARED_PARAMS
    ) {
      const text = (config as { text: string }).text;
      let name = names.get(text);
      if (!name) {
        if (names.size >= MAX_STATEMENT_NAMES) names.clear();
        name = `v${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
        names.set(text, name);
      }
      return query({ ...config, name }, values, callback);
    }
    return query(config, values, callback);
  };
}

async function openPostgres(url: string, logger: Logger): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Off for a pooler that does not keep a session's prepared statements (PgBouncer in transaction mode).
  if (process.env.DATABASE_PREPARED_STATEMENTS !== 'off') {
    const names = new Map<string, string>();
    pool.on('connect', (client) => prepareStatements(client, names));
  }
  // A connection the server closes (restart, failover) must not take the process down: idle
  // ones report through the pool, and one checked out (a transaction between statements) on
  // itself, where the pool listens no more. Its query in flight fails on its own; the pool
  // then discards it on release.
  const lost = (error: Error) => process.stderr.write(`PostgreSQL connection lost: ${error.message}\n`);
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  const db = drizzlePg(pool, { logger }) as unknown as Db;
  const subscriptions = new Set<Subscription>();
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    listen: async (channel, handlers) => {
      const subscription = await listenPostgres({
        url,
        channel,
        handlers,
        notify: (sql, params) => pool.query(sql, params),
      });
      return tracked(subscriptions, subscription);
    },
    close: async () => {
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      await pool.end();
    },
  };
}
