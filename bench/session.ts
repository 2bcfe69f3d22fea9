/**
 * Session benchmark: what checking the session costs every authenticated request. In one
 * run it loads a bare Fastify route (same Fastify, same machine, no database) and
 * GET /v1/user/me with a valid token, on PostgreSQL and on PGlite, each with the session
 * cache on (the default) and off (SESSION_CACHE_TTL_MS=0, one SQL statement per request),
 * and prints req/s, p50/p99 and the ratios to the bare route and to the uncached figure.
 *
 *   npm run bench:session
 *   BENCH_SECONDS=5 BENCH_CONCURRENCY=16 npm run bench:session
 *
 * BENCH_DATABASE_URL uses an existing server (a database `vitrina_bench_session` is made
 * there); otherwise a throwaway cluster is started from the machine's PostgreSQL. Every
 * server runs in its own process; the load comes from this one over keep-alive HTTP.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { openDatabase } from '../apps/server/src/db/client.js';
import { seedDemo } from '../apps/server/src/demo/seed.js';
// @ts-expect-error plain JavaScript helper shared with the test runner
import { freePort, startTempPostgres } from '../scripts/temp-postgres.mjs';
import { recreateDatabase } from './database.js';
import { localRequest, percentile, runLoad } from './load.js';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 3) * 1000;
const WARMUP_MS = 1000;
const root = path.resolve(import.meta.dirname, '..');
const BARE_READY = 'bare route listening';
const LOGIN = { email: 'operator@vitrina.local', password: 'operator123' };

type Server = { port: number; stop(): Promise<void> };
type Row = { name: string; rps: number; p50: number; p99: number; errors: number; bare?: number; uncached?: number };

/** `tsx bench/session.ts bare <port>`: the bare route, in a process of its own like the server. */
async function serveBareRoute(port: number) {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ ok: true }));
  await app.listen({ port, host: '127.0.0.1' });
  process.stdout.write(`${BARE_READY}\n`);
}

async function startProcess(args: string[], env: NodeJS.ProcessEnv, ready: string, port: number): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes(ready) && resolve());
    child.once('exit', () => reject(new Error(`${args.join(' ')} exited`)));
  });
  return {
    port,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function startVitrina(env: NodeJS.ProcessEnv): Promise<Server> {
  const port = await freePort();
  // On PostgreSQL the server refuses to start without SECRET_KEY (it seals providers' credentials).
  const serverEnv = {
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED: 'off',
    LOG_LEVEL: 'warn',
    SECRET_KEY: randomBytes(32).toString('base64'),
    ...env,
  };
  return startProcess(['apps/server/src/main.ts'], serverEnv, 'Vitrina is running', port);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

const request = (port: number, method: string, url: string, headers: http.OutgoingHttpHeaders, body?: string) =>
  localRequest(agent, port, method, url, headers, body);

async function login(port: number): Promise<string> {
  const body = JSON.stringify(LOGIN);
  const response = await request(port, 'POST', '/v1/user/login', { 'content-type': 'application/json' }, body);
  if (response.status !== 200) throw new Error(`login: ${response.status} ${response.body}`);
  return (JSON.parse(response.body) as { token: string }).token;
}

async function measure(name: string, port: number, url: string, headers: http.OutgoingHttpHeaders): Promise<Row> {
  const task = async () => (await request(port, 'GET', url, headers)).status === 200;
  await runLoad({ concurrency: CONCURRENCY, durationMs: WARMUP_MS, task });
  const result = await runLoad({ concurrency: CONCURRENCY, durationMs: DURATION_MS, task });
  process.stdout.write(`  measured ${name}\n`);
  return {
    name,
    rps: result.count / result.seconds,
    p50: percentile(result.latenciesMs, 50),
    p99: percentile(result.latenciesMs, 99),
    errors: result.errors,
  };
}

/** /v1/user/me with the cache on and off, on a database already migrated and seeded. */
async function measureMe(label: string, env: NodeJS.ProcessEnv, bare: Row): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [mode, ttl] of [
    ['uncached', '0'],
    ['cached', ''],
  ] as const) {
    const server = await startVitrina({ ...env, SESSION_CACHE_TTL_MS: ttl });
    try {
      const token = await login(server.port);
      rows.push(
        await measure(`${label}: /v1/user/me, ${mode}`, server.port, '/v1/user/me', {
          authorization: `Bearer ${token}`,
        }),
      );
    } finally {
      await server.stop();
    }
  }
  const [uncached, cached] = rows as [Row, Row];
  for (const row of rows) row.bare = row.rps / bare.rps;
  cached.uncached = cached.rps / uncached.rps;
  return rows;
}

async function preparePostgres(adminUrl: string): Promise<string> {
  const url = await recreateDatabase(adminUrl, 'vitrina_bench_session');
  const database = await openDatabase({ databaseUrl: url });
  await database.migrate();
  await seedDemo(database.db);
  await database.close();
  return url;
}

async function preparePglite(dataDir: string) {
  const database = await openDatabase({ dataDir });
  await database.migrate();
  await seedDemo(database.db);
  await database.close();
}

function printTable(rows: Row[]) {
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'errors', '÷ bare route', '÷ uncached'];
  const cells = rows.map((row) => [
    row.name,
    row.rps.toFixed(0),
    row.p50.toFixed(2),
    row.p99.toFixed(2),
    String(row.errors),
    row.bare === undefined ? '' : row.bare.toFixed(3),
    row.uncached === undefined ? '' : `${row.uncached.toFixed(1)}×`,
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  process.stdout.write(
    `\nSession benchmark: concurrency ${CONCURRENCY}, ${DURATION_MS / 1000} s per scenario, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}, Node ${process.version}\n` +
      'bare route = GET returning {ok:true} from Fastify with no hooks and no database, in its own process.\n' +
      'Targets: PostgreSQL cached ≥ 0.2 × bare route; PGlite cached ≥ 5 × PGlite uncached.\n\n' +
      `${line(header)}\n${cells.map(line).join('\n')}\n`,
  );
}

async function main() {
  const temp = process.env.BENCH_DATABASE_URL ? null : await startTempPostgres();
  const adminUrl: string = process.env.BENCH_DATABASE_URL ?? temp.url;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-bench-session-'));
  try {
    const postgresUrl = await preparePostgres(adminUrl);
    await preparePglite(dataDir);

    const barePort = await freePort();
    const bareServer = await startProcess(['bench/session.ts', 'bare', String(barePort)], {}, BARE_READY, barePort);
    let bare: Row;
    try {
      bare = await measure('bare Fastify route', barePort, '/bare', {});
    } finally {
      await bareServer.stop();
    }
    const rows = [
      bare,
      ...(await measureMe('PostgreSQL', { DATABASE_URL: postgresUrl }, bare)),
      ...(await measureMe('PGlite', { DATABASE_URL: '', DATA_DIR: dataDir }, bare)),
    ];
    agent.destroy();
    printTable(rows);
  } finally {
    temp?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const run = process.argv[2] === 'bare' ? serveBareRoute(Number(process.argv[3])) : main();
run.catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
