import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client.js';
import { seedDemo } from '../src/db/seed.js';

/**
 * Migrating and seeding took about 2.5 s per test file. The vitest global setup does it
 * once per run into a template, and every file starts from a copy of it: a PostgreSQL
 * `CREATE DATABASE … TEMPLATE` clone, or a PGlite opened from a `dumpDataDir()` tarball.
 */
export type Template = { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; url: string; name: string };

export async function buildTemplate(
  postgresUrl: string | undefined,
): Promise<{ template: Template; remove(): Promise<void> }> {
  if (postgresUrl) {
    const name = uniqueName('vitrina_template');
    await adminQuery(postgresUrl, `create database ${name}`);
    const database = await openDatabase({ databaseUrl: withDatabase(postgresUrl, name) });
    await prepare(database);
    return {
      template: { kind: 'postgres', url: postgresUrl, name },
      remove: () => adminQuery(postgresUrl, `drop database if exists ${name} with (force)`),
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

/** A database of its own for one test file, copied from the template. */
export async function cloneTemplate(template: Template): Promise<{ database: Database; drop(): Promise<void> }> {
  if (template.kind === 'pglite') {
    const loadDataDir = new Blob([fs.readFileSync(template.dumpFile)]);
    return { database: await openDatabase({ loadDataDir }), drop: async () => {} };
  }
  const name = uniqueName('vitrina_test');
  await adminQuery(template.url, `create database ${name} template ${template.name}`);
  return {
    database: await openDatabase({ databaseUrl: withDatabase(template.url, name) }),
    drop: () => adminQuery(template.url, `drop database if exists ${name} with (force)`),
  };
}

async function prepare(database: Database) {
  await database.migrate();
  await seedDemo(database.db);
  // PGlite checkpoints the folder; PostgreSQL must have no open connection to a template it clones.
  await database.close();
}

function uniqueName(prefix: string) {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
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
