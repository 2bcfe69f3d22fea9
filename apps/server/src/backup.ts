import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { loadConfig } from './config.js';
import { acquireDataDirLock } from './db/lock.js';

/**
 * `npm run backup`: writes a tarball of the embedded database to DATA_DIR/../backups.
 * It takes the data-folder lock, so it runs while the server is stopped; restore by
 * extracting with PGlite's `loadDataDir` (see README). On PostgreSQL use pg_dump.
 */
async function backup() {
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new Error('DATABASE_URL is set: back up PostgreSQL with pg_dump or your provider’s snapshots.');
  }
  const release = acquireDataDirLock(config.dataDir);
  try {
    const db = new PGlite(path.join(config.dataDir, 'pglite'), { extensions: { pg_trgm } });
    await db.query('CHECKPOINT');
    const dump = await db.dumpDataDir('gzip');
    await db.close();
    const folder = path.resolve(config.dataDir, '..', 'backups');
    fs.mkdirSync(folder, { recursive: true });
    const file = path.join(folder, `vitrina-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`);
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    process.stdout.write(`Backup written to ${file}\n`);
  } finally {
    release();
  }
}

backup().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
