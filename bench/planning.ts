/**
 * Restock planning: the plan of 1,000 micromarkets × 300 products with
 * 90 days of sales, through the HTTP layer (routes, validation, auth) in this process, on
 * PostgreSQL (`--temp-postgres` or DATABASE_URL) or PGlite. Each micromarket has an active
 * planogram of 60 of the products, five tags of each inside (some expiring), and sold each
 * of them on each of the 90 days (5.4 million daily rollup rows). Prints the time of the
 * whole plan (every micromarket, the pick lists) for the 28- and 90-day windows against the
 * 2 s target. Measurement only: no assertions, exit 0.
 *
 *   npm run bench:planning -- --temp-postgres
 *   npm run bench:planning -- --temp-postgres --micromarkets 2000
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
    micromarkets: { type: 'string', default: '1000' },
    products: { type: 'string', default: '300' },
    days: { type: 'string', default: '90' },
    'temp-postgres': { type: 'boolean', default: false },
  },
});
const MARKETS = Number(flags.micromarkets);
const PRODUCTS = Number(flags.products);
const DAYS = Number(flags.days);
const PER_MARKET = 60;
const say = (line: string) => process.stdout.write(`${line}\n`);

const temp = flags['temp-postgres'] && !process.env.DATABASE_URL ? await startTempPostgres() : null;
const adminUrl = process.env.DATABASE_URL || temp?.url;
const database = adminUrl
  ? await openDatabase({ databaseUrl: await recreateDatabase(adminUrl, 'vitrina_bench_planning') })
  : await openDatabase({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-bench-planning-')) });
try {
  await database.migrate();
  await seedDemo(database.db);
  const db = database.db;
  const seeding = performance.now();
  await db.execute(sql`
    INSERT INTO products (org_id, name, sell_cost_minor)
    SELECT 1, 'Bench product ' || g, 1000 + g FROM generate_series(1, ${PRODUCTS}) g`);
  await db.execute(sql`
    INSERT INTO micromarkets (org_id, name, serial_number)
    SELECT 1, 'Bench market ' || lpad(g::text, 5, '0'), 'BENCH-PLAN-' || g FROM generate_series(1, ${MARKETS}) g`);
  // Market k holds products k … k+59 (wrapping), ten to a shelf, eight of each when full.
  await db.execute(sql`
    WITH m AS (SELECT id, row_number() OVER (ORDER BY id) AS k FROM micromarkets WHERE serial_number LIKE 'BENCH-PLAN-%'),
      p AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM products WHERE name LIKE 'Bench product %')
    INSERT INTO micromarket_planograms (micromarket_id, template_name, layout, active, activated_at)
    SELECT m.id, 'Bench', jsonb_build_object('shelves', (
      SELECT jsonb_agg(jsonb_build_object('number', s, 'sections', (
        SELECT jsonb_agg(jsonb_build_object('product_id', p.id, 'capacity', 8) ORDER BY c)
        FROM generate_series(0, 9) c JOIN p ON p.n = (m.k + (s - 1) * 10 + c) % ${PRODUCTS}
      )) ORDER BY s) FROM generate_series(1, ${PER_MARKET / 10}) s
    )), true, now()
    FROM m`);
  await db.execute(sql`
    WITH m AS (SELECT id, row_number() OVER (ORDER BY id) AS k FROM micromarkets WHERE serial_number LIKE 'BENCH-PLAN-%'),
      p AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM products WHERE name LIKE 'Bench product %')
    INSERT INTO tags (org_id, code, product_id, micromarket_id, status, store_up_to)
    SELECT 1, 'BENCH' || m.id || 'X' || p.id || 'X' || t, p.id, m.id, 'in_micromarket',
      now() + ((t * 13 + m.k) % 96) * interval '1 hour'
    FROM m CROSS JOIN generate_series(0, ${PER_MARKET - 1}) c
      JOIN p ON p.n = (m.k + c) % ${PRODUCTS}
      CROSS JOIN generate_series(1, 5) t`);
  await db.execute(sql`
    WITH m AS (SELECT id, row_number() OVER (ORDER BY id) AS k FROM micromarkets WHERE serial_number LIKE 'BENCH-PLAN-%'),
      p AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM products WHERE name LIKE 'Bench product %')
    INSERT INTO sales_daily_products (org_id, micromarket_id, day, product_id, category_id, currency, sales, items)
    SELECT 1, m.id, current_date - d, p.id, 0, 'UAH', 1, 1 + (m.k + d + c) % 4
    FROM m CROSS JOIN generate_series(0, ${PER_MARKET - 1}) c
      JOIN p ON p.n = (m.k + c) % ${PRODUCTS}
      CROSS JOIN generate_series(0, ${DAYS - 1}) d`);
  await db.execute(sql`ANALYZE`);
  say(
    `Seeded ${MARKETS.toLocaleString('en')} micromarkets × ${PRODUCTS} products, ${(MARKETS * PER_MARKET * 5).toLocaleString('en')} tags, ${(MARKETS * PER_MARKET * DAYS).toLocaleString('en')} daily sales rows in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
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
  const plan = async (window: number) => {
    const started = performance.now();
    const answer = await app.inject({ method: 'GET', url: `/v1/planning?org_id=1&window_days=${window}`, headers });
    const seconds = (performance.now() - started) / 1000;
    if (answer.statusCode !== 200) throw new Error(`plan: ${answer.statusCode} ${answer.body}`);
    const body = answer.json<{ total: number; pick: { bring: number }[] }>();
    return { seconds, total: body.total, bring: body.pick.reduce((sum, line) => sum + line.bring, 0) };
  };
  await plan(28); // warm: the first call pays for connections and plans
  say(`Restock plan on ${adminUrl ? 'PostgreSQL' : 'PGlite'}, target < 2 s:`);
  for (const window of [28, 90]) {
    const runs = [await plan(window), await plan(window), await plan(window)];
    const best = Math.min(...runs.map((run) => run.seconds));
    say(
      `  ${window}-day window: ${runs[0]!.total} micromarkets, ${runs[0]!.bring.toLocaleString('en')} items to bring; best of 3 ${best.toFixed(2)} s, ratio to target ${(best / 2).toFixed(2)}`,
    );
  }
  await app.close();
} finally {
  await database.close();
  temp?.stop();
}
