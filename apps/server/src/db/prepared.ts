import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.js';

type Runnable<R> = { execute(values?: Record<string, unknown>): Promise<R> };
type Preparable<R> = { prepare(name: string): Runnable<R> };

/** What drizzle keeps on every database and transaction object (marked internal in its types). */
type Internals = {
  session: {
    client: object;
    prepareQuery(query: unknown, fields: undefined, name: string, isResponseInArrayMode: boolean): Runnable<unknown>;
  };
  dialect: { sqlToQuery(sql: SQL): unknown };
};

/**
 * The connection a database or transaction object runs on: the pool, one of its clients, or
 * the embedded database. A statement prepared for it is prepared for every transaction it carries.
 */
function connectionOf(db: Db): object {
  return (db as unknown as Internals).session.client;
}

/**
 * A hot statement whose SQL text drizzle builds once per connection instead of on every call.
 * Building the text from a query builder (walking its columns and conditions) was a quarter of
 * the server's CPU on the door-close → paid path, more than PostgreSQL's own work for the
 * statement. Write the statement with `sql.placeholder('name')` for each value and call the
 * answer with the values. The empty name leaves naming to the connection (client.ts names a
 * statement after its text, or not at all behind a pooler that does not keep them). A
 * transaction on the embedded database gets a new connection object each time, so there it
 * is built per transaction, as any other statement.
 */
export function preparedQuery<V extends Record<string, unknown>, R>(
  build: (db: Db) => Preparable<R>,
): (db: Db, values: V) => Promise<R> {
  const byConnection = new WeakMap<object, Runnable<R>>();
  return (db, values) => {
    const connection = connectionOf(db);
    let prepared = byConnection.get(connection);
    if (!prepared) {
      prepared = build(db).prepare('');
      byConnection.set(connection, prepared);
    }
    return prepared.execute(values);
  };
}

/**
 * `preparedQuery` for a statement written in SQL (`db.execute(sql…)`): answers what
 * `db.execute` answers for it, the driver's result with its `rows`.
 */
export function preparedSql<V extends Record<string, unknown>>(
  statement: SQL,
): (db: Db, values: V) => Promise<{ rows: Record<string, unknown>[] }> {
  return preparedQuery<V, { rows: Record<string, unknown>[] }>((db) => {
    const { session, dialect } = db as unknown as Internals;
    return {
      prepare: (name) =>
        session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false) as Runnable<{
          rows: Record<string, unknown>[];
        }>,
    };
  });
}

/**
 * A placeholder for a column's value in `update().set()` or `insert().values()`. The value
 * goes to the driver as given (a Date, a number, null, an object for JSON), the statement
 * taking its type from the column. Not `sql.placeholder` bare: drizzle would run it through
 * the column's encoder even when null (a JSON column would get the text "null").
 */
export function slot(name: string): SQL {
  return sql`${sql.placeholder(name)}`;
}
