import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Database, Db } from '../../src/db/client.js';

/** What node-postgres answers while PostgreSQL is stopped. */
export const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/**
 * The test's database through a driver that refuses every statement while `isDown()`, as
 * node-postgres does when PostgreSQL is stopped: an app built on it meets a database outage
 * without a real one (database-outage.faults.test.ts has the real one). Notifications still go
 * through the test database's own listener.
 */
export function refusingDatabase(database: Database, isDown: () => boolean): Database {
  const client = (database.db as unknown as { $client: object }).$client;
  const refusing = new Proxy(client, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      if (isDown() && ['query', 'exec', 'transaction', 'connect'].includes(String(key))) {
        return () => Promise.reject(refused());
      }
      return value.bind(target);
    },
  });
  const db = (database.kind === 'pglite'
    ? drizzlePglite(refusing as never)
    : drizzlePg(refusing as never)) as unknown as Db;
  return { ...database, db, ping: () => (isDown() ? Promise.reject(refused()) : database.ping()) };
}
