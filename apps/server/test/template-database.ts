import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase, type Subscription, tracked } from '../src/db/client.js';
import { seedDemo } from '../src/demo/seed.js';

/**
 * Migrating and seeding took about 2.5 s per test file. The vitest global setup does it
 * once per run into a template, and every file starts from a copy of it: a PostgreSQL
 * `CREATE DATABASE … TEMPLATE` clone, or a PGlite opened from a `dumpDataDir()` tarball.
 *
 * A copy is then lent to one file after another in its worker (files of a worker run one
 * after another): when a file closes it, every table gets the template's rows back and every
 * sequence the template's value, one function call (`restore`) instead of a new copy.
 * Starting an embedded database from the tarball cost about 0.8 s of CPU per file (WASM
 * memory, a 45 MB file system, a PostgreSQL start): the suite on PGlite went from about 200
 * to 120 s of CPU. A copy is retired after `MAX_LENDS` files, so the dead rows the restores
 * leave behind do not pile up (PGlite runs no autovacuum).
 */
export type Template =
  | { kind: 'pglite'; dumpFile: string }
  | { kind: 'postgres'; url: string; name: string; copies: string };

const SNAPSHOT = 'vitrina_test_template';
const MAX_LENDS = 12;

/**
 * The tables to copy and put back: a partitioned table (telemetry) whole, through its parent, and
 * not its partitions one by one, which the telemetry job makes and drops as a test's clock moves:
 * the rows of a partition dropped since go back into the default partition.
 */
const TABLES = `select c.relname as tablename from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition`;

/** Run on the seeded template: a copy of every table and sequence, and the function that puts them back. */
const SNAPSHOT_SQL = [
  `create schema ${SNAPSHOT}`,
  `do $$
declare t record;
begin
  for t in ${TABLES} loop
    execute format('create table ${SNAPSHOT}.%I as select * from public.%I', t.tablename, t.tablename);
  end loop;
end $$`,
  `create table ${SNAPSHOT}.sequences as
  select sequencename as name, start_value, last_value from pg_sequences where schemaname = 'public'`,
  `create function ${SNAPSHOT}.restore() returns void language plpgsql as $$
declare t record;
begin
  -- No foreign key checks or triggers while the rows are swapped: every table ends as it began.
  perform set_config('session_replication_role', 'replica', true);
  for t in ${TABLES} loop
    execute format('delete from public.%I', t.tablename);
    execute format('insert into public.%I select * from ${SNAPSHOT}.%I', t.tablename, t.tablename);
  end loop;
  for t in select * from ${SNAPSHOT}.sequences loop
    perform setval(format('public.%I', t.name), coalesce(t.last_value, t.start_value), t.last_value is not null);
  end loop;
end $$`,
];

export async function buildTemplate(
  postgresUrl: string | undefined,
): Promise<{ template: Template; remove(): Promise<void> }> {
  if (postgresUrl) {
    const name = uniqueName('vitrina_template');
    await adminQuery(postgresUrl, `create database ${name}`);
    await prepare(await openDatabase({ databaseUrl: withDatabase(postgresUrl, name) }));
    const copies = `${name.replace('template', 'test')}_`;
    return {
      template: { kind: 'postgres', url: postgresUrl, name, copies },
      // The copies the workers still held when they ended, then the template.
      remove: async () => {
        const client = new pg.Client({ connectionString: postgresUrl });
        await client.connect();
        try {
          const { rows } = await client.query<{ datname: string }>(
            'select datname from pg_database where starts_with(datname, $1)',
            [copies],
          );
          for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
          await client.query(`drop database if exists ${name} with (force)`);
        } finally {
          await client.end();
        }
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-template-'));
  await prepare(await openDatabase({ dataDir: dir }));
  const client = await PGlite.create(path.join(dir, 'pglite'), { extensions: { pg_trgm } });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dumpFile = path.join(dir, 'template.tar');
  fs.writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  return {
    template: { kind: 'pglite', dumpFile },
    remove: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** Hears every statement the copy runs while a file that asked for it holds the copy. */
export type QueryListener = (query: string, params: unknown[]) => void;

type Copy = {
  database: Database;
  lends: number;
  retire(): Promise<void>;
  /** The statements' listener of the file holding the copy, if it asked for one. */
  listener: { current: QueryListener | null };
};
/** This worker's copies between two files. */
const idle: Copy[] = [];

/**
 * A database of its own for one test file: the template's rows, lent until the file closes
 * it. Closing hands the copy back (restored) or retires it; there is nothing else to drop.
 */
export async function cloneTemplate(
  template: Template,
  options: { logQuery?: QueryListener | undefined } = {},
): Promise<Database> {
  const copy = idle.pop() ?? (await newCopy(template));
  copy.lends += 1;
  copy.listener.current = options.logQuery ?? null;
  const { database } = copy;
  // A subscription the file's app left open would hear the next file's notifications.
  const open = new Set<Subscription>();
  const lent: Database = {
    ...database,
    listen: async (channel, handlers) => tracked(open, await database.listen(channel, handlers)),
    close: async () => {
      copy.listener.current = null;
      for (const subscription of open) await subscription.stop();
      if (copy.lends >= MAX_LENDS) return copy.retire();
      try {
        await database.db.execute(sql.raw(`select ${SNAPSHOT}.restore()`));
      } catch (error) {
        await copy.retire();
        throw error;
      }
      idle.push(copy);
    },
  };
  return lent;
}

async function newCopy(template: Template): Promise<Copy> {
  const listener: Copy['listener'] = { current: null };
  const logQuery: QueryListener = (query, params) => listener.current?.(query, params);
  if (template.kind === 'pglite') {
    const database = await openDatabase({ loadDataDir: new Blob([fs.readFileSync(template.dumpFile)]), logQuery });
    return { database, lends: 0, retire: () => database.close(), listener };
  }
  const name = uniqueName(template.copies);
  await adminQuery(template.url, `create database ${name} template ${template.name}`);
  const database = await openDatabase({ databaseUrl: withDatabase(template.url, name), logQuery });
  return {
    database,
    lends: 0,
    listener,
    retire: async () => {
      await database.close();
      await adminQuery(template.url, `drop database if exists ${name} with (force)`);
    },
  };
}

async function prepare(database: Database) {
  await database.migrate();
  await seedDemo(database.db);
  for (const statement of SNAPSHOT_SQL) await database.db.execute(sql.raw(statement));
  // PGlite checkpoints the folder; PostgreSQL must have no open connection to a template it clones.
  await database.close();
}

function uniqueName(prefix: string) {
  return `${prefix}${prefix.endsWith('_') ? '' : '_'}${randomBytes(6).toString('hex')}`;
}

function withDatabase(url: string, name: string) {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
