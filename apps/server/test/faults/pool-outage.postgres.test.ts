import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.js';
import { isDatabaseUnavailable } from '../../src/db/unavailable.js';

/**
 * The pool rides out a connection PostgreSQL ends under it (a restart, a failover, an
 * administrator's pg_terminate_backend) while a transaction holds it between two statements:
 * node-postgres then emits `error` on that client, which the pool no longer listens to, and an
 * `error` nobody listens to ends the process. PostgreSQL only (vitest.config.ts).
 */
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL! });
});
afterAll(() => database?.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('PostgreSQL pool', () => {
  it('survives a checked-out connection ended between two statements, and serves the next query', async () => {
    const transaction = database.db.transaction(async (tx) => {
      const [{ pid }] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`)) as [
        { pid: number },
      ];
      // From another connection of the pool, as an administrator or a failover would.
      await database.db.execute(sql`select pg_terminate_backend(${pid})`);
      // Gone from the server: its last words (57P01) are on this client's socket by now, and the
      // round trips of the poll let the client read them while no statement of its own runs.
      await expect
        .poll(async () => rowsOf(await database.db.execute(sql`select 1 from pg_stat_activity where pid = ${pid}`)))
        .toEqual([]);
      await tx.execute(sql`select 1`);
    });
    const error = await transaction.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
    // The broken connection was discarded: the pool hands out a working one.
    expect(rowsOf(await database.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
  });
});
