/**
 * User-group import: 100,000 phones pasted into a group through the HTTP
 * layer (the real routes, validation and auth, in this process), on PGlite or PostgreSQL
 * (`--temp-postgres`). A fifth of the numbers belong to customers, a tenth are written
 * locally (`067…`), some repeat and some are not numbers. Prints the time against the 10 s
 * target and the import's report. Measurement only: no assertions, exit 0.
 *
 *   npm run bench:groups
 *   npm run bench:groups -- --temp-postgres --phones 200000
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { seedDemo } from '../apps/server/src/demo/seed.js';
// @ts-expect-error plain JavaScript helper shared with the test runner
import { startTempPostgres } from '../scripts/temp-postgres.mjs';
import { recreateDatabase } from './database.js';

const { values: flags } = parseArgs({
  options: {
    phones: { type: 'string', default: '100000' },
    'temp-postgres': { type: 'boolean', default: false },
  },
});
const PHONES = Number(flags.phones);
const CUSTOMERS = Math.floor(PHONES / 5);
const say = (line: string) => process.stdout.write(`${line}\n`);
const phoneOf = (n: number) => `+38050${String(n).padStart(7, '0')}`;

const temp = flags['temp-postgres'] && !process.env.DATABASE_URL ? await startTempPostgres() : null;
const adminUrl = process.env.DATABASE_URL || temp?.url;
const database = adminUrl
  ? await openDatabase({ databaseUrl: await recreateDatabase(adminUrl, 'vitrina_bench_groups') })
  : await openDatabase({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-bench-groups-')) });
try {
  await database.migrate();
  await seedDemo(database.db);
  await database.db.execute(sql`
    INSERT INTO users (org_id, name, email, phones, user_type)
    SELECT 1, 'Customer ' || g, 'bench-group-' || g || '@customers.bench', array['+38050' || lpad(g::text, 7, '0')], 1
    FROM generate_series(1, ${CUSTOMERS}) g`);
  const app = await buildApp({
    database,
    config: { publicUrl: 'http://bench', webDist: '/nonexistent', dataDir: os.tmpdir() },
  });
  const login = await app.inject({
    method: 'POST',
    url: '/v1/user/login',
    payload: { email: 'operator@vitrina.local', password: 'operator123' },
  });
  const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
  const group = await app.inject({ method: 'POST', url: '/v1/user/group/create', headers, payload: { name: 'Bench' } });
  const groupId = group.json<{ id: number }>().id;
  const lines: string[] = [];
  for (let i = 1; i <= PHONES; i++) {
    if (i % 1000 === 0) lines.push('not a phone');
    else if (i % 500 === 0) lines.push(phoneOf(i - 1));
    else if (i % 10 === 0) lines.push(`0${phoneOf(i).slice(4)}`);
    else lines.push(phoneOf(i));
  }
  const text = lines.join('\n');
  const started = performance.now();
  const answer = await app.inject({
    method: 'POST',
    url: `/v1/user/group/import/${groupId}`,
    headers,
    payload: { text },
  });
  const seconds = (performance.now() - started) / 1000;
  if (answer.statusCode !== 200) throw new Error(`import: ${answer.statusCode} ${answer.body}`);
  const report = answer.json<Record<string, unknown> & { group: Record<string, unknown> }>();
  say(
    `Group import on ${adminUrl ? 'PostgreSQL' : 'PGlite'}: ${PHONES.toLocaleString('en')} lines (${(text.length / 1e6).toFixed(1)} MB), ${CUSTOMERS.toLocaleString('en')} of them customers'`,
  );
  say(`  time ${seconds.toFixed(2)} s, target < 10 s, ratio ${(seconds / 10).toFixed(2)}`);
  say(
    `  report: read ${report.read}, added ${report.added}, duplicates ${report.duplicates}, invalid ${report.invalid}, unknown ${report.unknown}; members ${report.group.members_count}`,
  );
  await app.close();
} finally {
  await database.close();
  temp?.stop();
}
