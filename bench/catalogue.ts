/**
 * Catalogue benchmark (issue: catalogue, "Speed"): on PostgreSQL with 50,000 products and
 * 5,000,000 tags, the tag list filtered by status group (and product) and the product list
 * filtered by text and by category, through the HTTP API under concurrent load. Each
 * scenario is measured twice in the same run: through HTTP, and as the very SQL those
 * requests run (captured from the server's own query log) sent straight to PostgreSQL.
 *
 *   npm run bench                       # full size
 *   BENCH_PRODUCTS=5000 BENCH_TAGS=200000 npm run bench   # a quick look
 *
 * BENCH_DATABASE_URL uses an existing server (a database `vitrina_bench` is made there);
 * otherwise a throwaway cluster is started from the machine's PostgreSQL.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { seedDemo } from '../apps/server/src/db/seed.js';
// @ts-expect-error plain JavaScript helper shared with the test runner
import { freePort, startTempPostgres } from '../scripts/temp-postgres.mjs';
import { generateCatalogue } from './catalogue-data.js';
import { recreateDatabase } from './database.js';
import { runLoad, summarise } from './load.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const TAGS = Number(process.env.BENCH_TAGS ?? 5_000_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
const root = path.resolve(import.meta.dirname, '..');

type Statement = { query: string; params: unknown[] };
type Scenario = { name: string; urls: string[] };

async function scenarios(client: pg.Client): Promise<Scenario[]> {
  const products = await client.query<{ id: number }>(
    'select id from products where org_id = 1 order by id limit 40 offset 1000',
  );
  const level1 = await client.query<{ id: number }>(
    'select id from categories where org_id = 1 and level = 1 order by id',
  );
  const level2 = await client.query<{ id: number }>(
    'select id from categories where org_id = 1 and level = 2 order by id limit 20',
  );
  const statuses = ['in_micromarket', 'sold', 'new', 'not_paid', 'removed', 'written_off'];
  return [
    {
      name: 'tag list: status group + product',
      urls: products.rows.map((row, i) => `/v1/tag/list?status=${statuses[i % 4]}&product_id=${row.id}&per_page=20`),
    },
    { name: 'tag list: status group', urls: statuses.map((status) => `/v1/tag/list?status=${status}&per_page=20`) },
    {
      name: 'product list: text',
      urls: ['cola', 'zero 12', 'salad', 'premium', 'art-1234', 'yogurt bio', 'chips', 'latte mini'].map(
        (q) => `/v1/product/list?q=${encodeURIComponent(q)}&per_page=20`,
      ),
    },
    {
      name: 'product list: category',
      urls: [...level1.rows, ...level2.rows].map((row) => `/v1/product/list?category_id=${row.id}&per_page=20`),
    },
  ];
}

async function main() {
  const temp = process.env.BENCH_DATABASE_URL ? null : await startTempPostgres();
  const adminUrl: string = process.env.BENCH_DATABASE_URL ?? temp.url;
  try {
    const url = await recreateDatabase(adminUrl, 'vitrina_bench');
    let capture: Statement[] | null = null;
    const database = await openDatabase({
      databaseUrl: url,
      logQuery: (query, params) => capture?.push({ query, params }),
    });
    await database.migrate();
    await seedDemo(database.db);
    process.stdout.write(
      `Generating ${PRODUCTS.toLocaleString('en')} products and ${TAGS.toLocaleString('en')} tags…\n`,
    );
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await generateCatalogue(client, { products: PRODUCTS, tags: TAGS, orgId: 1 });
    const plan = await scenarios(client);
    await client.end();

    // The SQL of each request, as the server runs it, captured through an in-process app.
    const app = await buildApp({
      database,
      config: { publicUrl: 'http://bench', webDist: '/nonexistent', dataDir: '/tmp' },
    });
    const login = await app.inject({
      method: 'POST',
      url: '/v1/user/login',
      payload: { email: 'operator@vitrina.local', password: 'operator123' },
    });
    const token = login.json<{ token: string }>().token;
    const statements = new Map<string, Statement[]>();
    for (const scenario of plan) {
      for (const requestUrl of scenario.urls) {
        await app.inject({ method: 'GET', url: requestUrl, headers: { authorization: `Bearer ${token}` } });
        capture = [];
        const response = await app.inject({
          method: 'GET',
          url: requestUrl,
          headers: { authorization: `Bearer ${token}` },
        });
        if (response.statusCode !== 200) throw new Error(`${requestUrl}: ${response.statusCode} ${response.body}`);
        // The once-a-minute session touch is not part of a request in steady state.
        statements.set(
          requestUrl,
          capture.filter((statement) => !/^update "sessions"/i.test(statement.query)),
        );
        capture = null;
      }
    }
    await app.close();
    await database.close();

    const port = await freePort();
    const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', SEED: 'off', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      server.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('Vitrina is running') && resolve());
      server.once('exit', () => reject(new Error('server exited')));
    });
    const base = `http://127.0.0.1:${port}`;
    const httpToken = (
      (await (
        await fetch(`${base}/v1/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'operator@vitrina.local', password: 'operator123' }),
        })
      ).json()) as { token: string }
    ).token;
    const pool = new pg.Pool({ connectionString: url, max: CONCURRENCY });

    const rows: string[][] = [];
    for (const scenario of plan) {
      const http = (i: number) => async () => {
        const response = await fetch(`${base}${scenario.urls[i % scenario.urls.length]}`, {
          headers: { authorization: `Bearer ${httpToken}` },
        });
        await response.arrayBuffer();
        return response.ok;
      };
      const sql = (i: number) => async () => {
        for (const statement of statements.get(scenario.urls[i % scenario.urls.length]!)!) {
          await pool.query(statement.query, statement.params);
        }
        return true;
      };
      await runLoad({ concurrency: CONCURRENCY, durationMs: 2000, task: (i) => http(i)() });
      const viaHttp = summarise(
        await runLoad({ concurrency: CONCURRENCY, durationMs: DURATION_MS, task: (i) => http(i)() }),
      );
      await runLoad({ concurrency: CONCURRENCY, durationMs: 2000, task: (i) => sql(i)() });
      const viaSql = summarise(
        await runLoad({ concurrency: CONCURRENCY, durationMs: DURATION_MS, task: (i) => sql(i)() }),
      );
      rows.push([
        scenario.name,
        viaHttp.p50.toFixed(1),
        viaHttp.p95.toFixed(1),
        viaHttp.rps.toFixed(0),
        String(viaHttp.errors),
        viaSql.p50.toFixed(1),
        viaSql.p95.toFixed(1),
        viaSql.rps.toFixed(0),
        (viaHttp.p95 / viaSql.p95).toFixed(2),
        (viaSql.rps / viaHttp.rps).toFixed(2),
      ]);
      process.stdout.write(`  measured ${scenario.name}\n`);
    }
    await pool.end();
    server.kill('SIGTERM');

    const header = [
      'scenario',
      'HTTP p50 ms',
      'HTTP p95 ms',
      'HTTP req/s',
      'errors',
      'SQL p50 ms',
      'SQL p95 ms',
      'SQL req/s',
      'p95 ratio',
      'throughput ratio',
    ];
    const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
    const line = (cells: string[]) =>
      cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
    process.stdout.write(
      `\nCatalogue benchmark: ${PRODUCTS.toLocaleString('en')} products, ${TAGS.toLocaleString('en')} tags, concurrency ${CONCURRENCY}, ${DURATION_MS / 1000} s per measurement\n` +
        `SQL = the statements each request runs (the session comes from the session cache), sent straight to PostgreSQL from this process.\n\n` +
        `${line(header)}\n${rows.map(line).join('\n')}\n`,
    );
  } finally {
    temp?.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
