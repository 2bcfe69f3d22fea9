import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MIGRATIONS_DIR } from '../lib/paths.js';

/**
 * Migration 0050 turns the telemetry tables into partitioned ones on a database that already
 * holds telemetry: every row stays, the old table becomes the partition of everything before the
 * day after it, and an insert still lands. On a database of its own, migrated to 0048 first
 * (PGlite in memory, or a fresh database on the PostgreSQL of TEST_DATABASE_URL).
 */
type Raw = {
  query<T = Record<string, unknown>>(text: string): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
};

/** The migrations up to `lastTag`, in a folder of their own. */
function migrationsUpTo(lastTag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-migrations-'));
  fs.cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((entry) => entry.tag <= lastTag);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

async function freshDatabase(): Promise<Raw> {
  const template = inject('template');
  if (template.kind === 'pglite') {
    const client = new PGlite({ extensions: { pg_trgm } });
    return {
      query: async <T>(text: string) => (await client.query<T>(text)).rows,
      migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const name = `vitrina_migration_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(template.url);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    query: async <T>(text: string) => (await client.query(text)).rows as T[],
    migrate: (folder) => migratePg(drizzlePg(client), { migrationsFolder: folder }),
    close: async () => {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const partitionsOf = (db: Raw, table: string) =>
  db.query<{ name: string; bound: string }>(`
    SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = '${table}'::regclass ORDER BY c.relname`);

/** The partition names the migration gives the old tables when it runs at `ms`. */
function beforeNames(ms: number) {
  const at = new Date(ms);
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
  const month = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return {
    raw: `telemetry_before_${day.toISOString().slice(0, 10).replaceAll('-', '')}`,
    hourly: `telemetry_hourly_before_${month.toISOString().slice(0, 7).replace('-', '')}`,
  };
}

describe('migration 0050: telemetry partitioned by time', () => {
  let db: Raw;
  let before: string;
  let lastId: number;
  /** What the migration named the old tables (a UTC midnight may pass while it runs). */
  let names: { raw: string; hourly: string };
  // Both migrations in the hook (its minute, not a test's 30 s: PGlite migrates from nothing twice).
  beforeAll(async () => {
    db = await freshDatabase();
    before = migrationsUpTo('0048');
    await db.migrate(before);
    await db.query(`INSERT INTO organizations (name) VALUES ('Migrated')`);
    await db.query(`INSERT INTO micromarkets (org_id, name, serial_number)
      SELECT id, 'Fridge', 'MIG-1' FROM organizations WHERE name = 'Migrated'`);
    // Ten days of a sample every ten minutes, and their hours.
    await db.query(`INSERT INTO telemetry (micromarket_id, at, temperature, door_open)
      SELECT m.id, now() - g * interval '10 minutes', 4 + g % 3, g % 7 = 0
      FROM micromarkets m, generate_series(0, 1439) g WHERE m.serial_number = 'MIG-1'`);
    await db.query(`INSERT INTO telemetry_hourly (micromarket_id, hour, samples, temperature_avg)
      SELECT m.id, date_trunc('hour', now()) - g * interval '1 hour', 6, 5
      FROM micromarkets m, generate_series(1, 240) g WHERE m.serial_number = 'MIG-1'`);
    const [last] = await db.query<{ id: string }>('SELECT max(id)::text AS id FROM telemetry');
    lastId = Number(last?.id);
    const startedMs = Date.now();
    await db.migrate(MIGRATIONS_DIR);
    const [raw] = await partitionsOf(db, 'telemetry');
    names =
      [beforeNames(startedMs), beforeNames(Date.now())].find((named) => named.raw === raw?.name) ??
      beforeNames(startedMs);
  }, 120_000);
  afterAll(async () => {
    await db.close();
    fs.rmSync(before, { recursive: true, force: true });
  });

  it('keeps every row of the tables as they stood, in the partition of everything before tomorrow', async () => {
    expect((await partitionsOf(db, 'telemetry')).map((p) => p.name)).toEqual([names.raw, 'telemetry_default']);
    expect((await partitionsOf(db, 'telemetry_hourly')).map((p) => p.name)).toEqual([
      names.hourly,
      'telemetry_hourly_default',
    ]);
    expect(await db.query('SELECT count(*)::int AS n FROM telemetry')).toEqual([{ n: 1440 }]);
    expect(await db.query(`SELECT count(*)::int AS n FROM ${names.raw}`)).toEqual([{ n: 1440 }]);
    expect(await db.query('SELECT count(*)::int AS n, sum(samples)::int AS samples FROM telemetry_hourly')).toEqual([
      { n: 240, samples: 1440 },
    ]);
    // The old table's foreign key and indexes were attached, not made again beside the parent's.
    const constraints = await db.query<{ name: string; parent: boolean }>(`
      SELECT conname AS name, conparentid <> 0 AS parent FROM pg_constraint
      WHERE conrelid = '${names.raw}'::regclass AND contype IN ('f', 'p') ORDER BY conname`);
    expect(constraints).toEqual([
      { name: 'telemetry_unpartitioned_micromarket_id_fk', parent: true },
      { name: 'telemetry_unpartitioned_pkey', parent: true },
    ]);

    // New samples take the next ids and land in the default partition until the job makes their day.
    await db.query(`INSERT INTO telemetry (micromarket_id, at, temperature)
      SELECT id, now() + interval '2 days', 5 FROM micromarkets WHERE serial_number = 'MIG-1'`);
    const [fresh] = await db.query<{ id: string; partition: string }>(
      `SELECT t.id::text AS id, t.tableoid::regclass::text AS partition FROM telemetry t ORDER BY t.id DESC LIMIT 1`,
    );
    expect(fresh).toEqual({ id: String(lastId + 1), partition: 'telemetry_default' });
    // A deleted fridge takes its samples and hours with it, in every partition.
    await db.query(`DELETE FROM micromarkets WHERE serial_number = 'MIG-1'`);
    expect(await db.query('SELECT count(*)::int AS n FROM telemetry')).toEqual([{ n: 0 }]);
    expect(await db.query('SELECT count(*)::int AS n FROM telemetry_hourly')).toEqual([{ n: 0 }]);
  });
});
