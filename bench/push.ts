/**
 * Push messages: a message to 100,000 customers (`--customers`) through
 * the HTTP layer in this process, on PostgreSQL (`--temp-postgres` or DATABASE_URL) or PGlite.
 * The customers are in one group of their phones, so the audience is read the way the slower
 * of the two wide audiences reads it. Prints the time to queue the message (POST
 * /v1/push/create: the audience counted, the row and its job written) against the 5 s target,
 * and the built-in provider's delivery rate (the job's batches: the monthly limits read, one
 * delivery row per customer) against the 2,000 messages/s target, as ratios. A second message
 * of the same importance then runs with every customer at the limit, to show what skipping
 * costs. Measurement only: no assertions, exit 0.
 *
 *   npm run bench:push -- --temp-postgres
 *   npm run bench:push -- --customers 20000
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { seedDemo } from '../apps/server/src/demo/seed.js';
import { rowsOf } from '../apps/server/src/lib/sql.js';
// @ts-expect-error plain JavaScript helper shared with the test runner
import { startTempPostgres } from '../scripts/temp-postgres.mjs';
import { recreateDatabase } from './database.js';

const { values: flags } = parseArgs({
  options: {
    customers: { type: 'string', default: '100000' },
    'temp-postgres': { type: 'boolean', default: false },
  },
});
const CUSTOMERS = Number(flags.customers);
const say = (line: string) => process.stdout.write(`${line}\n`);

const temp = flags['temp-postgres'] && !process.env.DATABASE_URL ? await startTempPostgres() : null;
const adminUrl = process.env.DATABASE_URL || temp?.url;
const database = adminUrl
  ? await openDatabase({ databaseUrl: await recreateDatabase(adminUrl, 'vitrina_bench_push') })
  : await openDatabase({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-bench-push-')) });
try {
  await database.migrate();
  await seedDemo(database.db);
  const db = database.db;
  const seeding = performance.now();
  await db.execute(sql`
    INSERT INTO users (org_id, name, email, phones, user_type, push_limit_unimportant)
    SELECT 1, 'Bench customer ' || g, 'bench.push.' || g || '@bench.test',
      ARRAY['+38099' || lpad(g::text, 7, '0')], 1, 1
    FROM generate_series(1, ${CUSTOMERS}) g`);
  const [group] = rowsOf<{ id: number }>(
    await db.execute(sql`INSERT INTO user_groups (org_id, name) VALUES (1, 'Bench everyone') RETURNING id`),
  );
  await db.execute(sql`
    INSERT INTO user_group_phones (group_id, phone)
    SELECT ${group!.id}, '+38099' || lpad(g::text, 7, '0') FROM generate_series(1, ${CUSTOMERS}) g`);
  await db.execute(sql`ANALYZE`);
  say(
    `Seeded ${CUSTOMERS.toLocaleString('en')} customers in one group in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );

  const app = await buildApp({
    database,
    config: { publicUrl: 'http://bench', webDist: '/nonexistent', dataDir: os.tmpdir() },
  });
  const login = await app.inject({
    method: 'POST',
    url: '/v1/user/login',
    payload: { email: 'admin@vitrina.local', password: 'admin12345' },
  });
  const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
  const send = async (title: string) => {
    const queueing = performance.now();
    const answer = await app.inject({
      method: 'POST',
      url: '/v1/push/create',
      headers,
      payload: {
        org_id: 1,
        importance: 'unimportant',
        title,
        body: 'Bench',
        audience: 'groups',
        group_ids: [group!.id],
      },
    });
    const queued = (performance.now() - queueing) / 1000;
    if (answer.statusCode !== 200) throw new Error(`create: ${answer.statusCode} ${answer.body}`);
    const { id, recipients } = answer.json<{ id: number; recipients: number }>();
    const delivering = performance.now();
    await app.jobs.runDue();
    const delivered = (performance.now() - delivering) / 1000;
    const info = await app.inject({ method: 'GET', url: `/v1/push/info/${id}`, headers });
    const message = info.json<{ status: string; delivered: number; skipped_limit: number }>();
    return { queued, delivered, recipients, message };
  };
  say(`Push to ${CUSTOMERS.toLocaleString('en')} customers on ${adminUrl ? 'PostgreSQL' : 'PGlite'}:`);
  const first = await send('First');
  const rate = first.message.delivered / first.delivered;
  say(
    `  queued in ${first.queued.toFixed(2)} s (${first.recipients.toLocaleString('en')} recipients), ratio to the 5 s target ${(first.queued / 5).toFixed(2)}`,
  );
  say(
    `  delivered ${first.message.delivered.toLocaleString('en')} in ${first.delivered.toFixed(1)} s: ${Math.round(rate).toLocaleString('en')} messages/s, ratio to the 2,000/s target ${(rate / 2000).toFixed(2)} (${first.message.status})`,
  );
  const second = await send('Second');
  say(
    `  a second one with everyone at the monthly limit: ${second.message.skipped_limit.toLocaleString('en')} skipped in ${second.delivered.toFixed(1)} s (${Math.round(second.message.skipped_limit / second.delivered).toLocaleString('en')}/s)`,
  );
  await app.close();
} finally {
  await database.close();
  temp?.stop();
}
