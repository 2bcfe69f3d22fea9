/**
 * The measuring half of the database benchmarks: each scenario (a set of GET URLs) is run
 * under concurrent load twice in the same run, through the real HTTP server and as the very
 * SQL those requests run, captured from the server's own query log and sent straight to
 * PostgreSQL. The table printed holds both and their ratios.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/db/client.js';
// @ts-expect-error plain JavaScript helper shared with the test runner
import { freePort } from '../scripts/temp-postgres.mjs';
import { runLoad, summarise } from './load.js';

export type Scenario = { name: string; urls: string[] };
type Statement = { query: string; params: unknown[] };
export type Credentials = { email: string; password: string };
/** GET through the in-process app, signed in; answers the parsed JSON body. */
export type Get = (url: string) => Promise<unknown>;
/** The scenarios, or how to make them with answers of the server (e.g. the cursor of a first page). */
export type Plan = Scenario[] | ((get: Get) => Promise<Scenario[]>);

const root = path.resolve(import.meta.dirname, '..');

/** The statements each URL runs, as an in-process app runs them (the second, warm request). */
async function captureStatements(url: string, login: Credentials, planned: Plan) {
  let capture: Statement[] | null = null;
  const database = await openDatabase({
    databaseUrl: url,
    logQuery: (query, params) => capture?.push({ query, params }),
  });
  const app = await buildApp({
    database,
    config: { publicUrl: 'http://bench', webDist: '/nonexistent', dataDir: '/tmp' },
  });
  const token = (await app.inject({ method: 'POST', url: '/v1/user/login', payload: login })).json<{
    token: string;
  }>().token;
  const headers = { authorization: `Bearer ${token}` };
  const get: Get = async (requestUrl) => (await app.inject({ method: 'GET', url: requestUrl, headers })).json();
  const plan = typeof planned === 'function' ? await planned(get) : planned;
  const statements = new Map<string, Statement[]>();
  for (const requestUrl of plan.flatMap((scenario) => scenario.urls)) {
    await app.inject({ method: 'GET', url: requestUrl, headers });
    capture = [];
    const response = await app.inject({ method: 'GET', url: requestUrl, headers });
    if (response.statusCode !== 200) throw new Error(`${requestUrl}: ${response.statusCode} ${response.body}`);
    // The once-a-minute session touch is not part of a request in steady state.
    statements.set(
      requestUrl,
      capture.filter((statement) => !/^update "sessions"/i.test(statement.query)),
    );
    capture = null;
  }
  await app.close();
  await database.close();
  return { plan, statements };
}

/** The real server as `npm start` runs it, on `url`, without seeding; answers its base URL. */
async function startServer(url: string) {
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      SECRET_KEY: randomBytes(32).toString('base64'),
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('Vitrina is running') && resolve());
    server.once('exit', () => reject(new Error('server exited')));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => server.kill('SIGTERM') };
}

/**
 * Measures every scenario through HTTP and as SQL; answers the printed table's rows.
 * `concurrency` clients, `durationMs` per measurement after a 2 s warm-up.
 */
export async function measureHttpVsSql(options: {
  url: string;
  login: Credentials;
  plan: Plan;
  concurrency: number;
  durationMs: number;
  title: string;
}): Promise<void> {
  const { url, login, concurrency, durationMs } = options;
  const { plan, statements } = await captureStatements(url, login, options.plan);
  const server = await startServer(url);
  const pool = new pg.Pool({ connectionString: url, max: concurrency });
  try {
    const response = await fetch(`${server.base}/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(login),
    });
    const { token } = (await response.json()) as { token: string };
    const rows: string[][] = [];
    for (const scenario of plan) {
      const at = (i: number) => scenario.urls[i % scenario.urls.length]!;
      const http = async (i: number) => {
        const answer = await fetch(`${server.base}${at(i)}`, { headers: { authorization: `Bearer ${token}` } });
        await answer.arrayBuffer();
        return answer.ok;
      };
      const sql = async (i: number) => {
        for (const statement of statements.get(at(i))!) await pool.query(statement.query, statement.params);
        return true;
      };
      const measure = async (task: (i: number) => Promise<boolean>) => {
        await runLoad({ concurrency, durationMs: 2000, task });
        return summarise(await runLoad({ concurrency, durationMs, task }));
      };
      const viaHttp = await measure(http);
      const viaSql = await measure(sql);
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
    printTable(
      `${options.title}, concurrency ${concurrency}, ${durationMs / 1000} s per measurement\n` +
        'SQL = the statements each request runs (the session comes from the session cache), sent straight to PostgreSQL from this process.',
      rows,
    );
  } finally {
    await pool.end();
    server.stop();
  }
}

function printTable(title: string, rows: string[][]) {
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
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  process.stdout.write(`\n${title}\n\n${line(header)}\n${rows.map(line).join('\n')}\n`);
}
