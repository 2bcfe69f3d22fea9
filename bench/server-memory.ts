/**
 * Start-up and memory of the server process: the build `npm start` runs
 * (`apps/server/dist/main.js`, plain JavaScript) beside the sources through tsx (`node --import
 * tsx src/main.ts`, development), on PGlite and on PostgreSQL, each in the same run. For each it
 * seeds the demo on a fresh database (a first start), stops, starts again on the same data, and
 * prints: the time from spawn to "Vitrina is running", the server's RSS when it is up, after
 * `--idle` seconds with the demo fleet's simulator sending (the simulator is its own process and
 * not counted), and the highest RSS while `--load` seconds of GET /v1/user/me run at
 * `--concurrency` (the session bench's request), with req/s; then the build's figures as ratios
 * of the sources'. Measurement only: no assertions, exit 0.
 *
 *   npm run bench:memory
 *   npm run bench:memory -- --idle 20 --load 20 --only pglite
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
// @ts-expect-error plain JavaScript helper shared with the test runner
import { freePort, startTempPostgres } from '../scripts/temp-postgres.mjs';
import { recreateDatabase } from './database.js';
import { localRequest, runLoad } from './load.js';

const { values: flags } = parseArgs({
  options: {
    idle: { type: 'string', default: '10' },
    load: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '10' },
    only: { type: 'string' },
  },
});
const IDLE_MS = Number(flags.idle) * 1000;
const LOAD_MS = Number(flags.load) * 1000;
const CONCURRENCY = Number(flags.concurrency);
const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'apps/server');
const say = (line: string) => process.stdout.write(`${line}\n`);
const READY = 'Vitrina is running';

type Runtime = 'build' | 'tsx';
const COMMAND: Record<Runtime, string[]> = {
  build: ['--enable-source-maps', 'dist/main.js'],
  tsx: ['--import', 'tsx', 'src/main.ts'],
};

/** The process's resident set in MiB, from /proc (Linux). */
function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kib / 1024;
}

async function start(runtime: Runtime, env: NodeJS.ProcessEnv) {
  const port = await freePort();
  const begun = performance.now();
  const child: ChildProcess = spawn(process.execPath, COMMAND[runtime], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MQTT_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes(READY) && resolve());
    child.once('exit', (code) => reject(new Error(`${runtime} server exited (${code}) before it was ready`)));
  });
  return {
    port,
    pid: child.pid!,
    startedMs: performance.now() - begun,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const request = (port: number, method: string, url: string, headers: http.OutgoingHttpHeaders, body?: string) =>
  localRequest(agent, port, method, url, headers, body);

type Row = { label: string; startMs: number; upMiB: number; idleMiB: number; loadMiB: number; rps: number };

async function measure(label: string, runtime: Runtime, env: NodeJS.ProcessEnv): Promise<Row> {
  // A first start seeds the demo; the measured one starts on what it left, as a restart does.
  const first = await start(runtime, env);
  await first.stop();
  const server = await start(runtime, env);
  try {
    const upMiB = rssMiB(server.pid);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const idleMiB = rssMiB(server.pid);
    const login = await request(
      server.port,
      'POST',
      '/v1/user/login',
      { 'content-type': 'application/json' },
      JSON.stringify({ email: 'operator@vitrina.local', password: 'operator123' }),
    );
    const { token } = JSON.parse(login.body) as { token: string };
    let loadMiB = rssMiB(server.pid);
    const sampler = setInterval(() => {
      loadMiB = Math.max(loadMiB, rssMiB(server.pid));
    }, 100);
    const result = await runLoad({
      concurrency: CONCURRENCY,
      durationMs: LOAD_MS,
      task: async () =>
        (await request(server.port, 'GET', '/v1/user/me', { authorization: `Bearer ${token}` })).status === 200,
    });
    clearInterval(sampler);
    loadMiB = Math.max(loadMiB, rssMiB(server.pid));
    const row = { label, startMs: server.startedMs, upMiB, idleMiB, loadMiB, rps: result.count / result.seconds };
    say(
      `  ${label}: ready in ${row.startMs.toFixed(0)} ms, RSS up ${upMiB.toFixed(0)} MiB, idle ${idleMiB.toFixed(0)} MiB, under load ${loadMiB.toFixed(0)} MiB (${row.rps.toFixed(0)} req/s)`,
    );
    return row;
  } finally {
    await server.stop();
  }
}

say(
  `load average at the start: ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}; idle ${flags.idle} s, load ${flags.load} s at ${CONCURRENCY} connections`,
);
// The build the measured start runs (npm start builds it the same way).
await new Promise<void>((resolve, reject) =>
  spawn(process.execPath, ['scripts/build.mjs'], { cwd: serverDir, stdio: 'inherit' }).once('exit', (code) =>
    code === 0 ? resolve() : reject(new Error('the server build failed')),
  ),
);

const rows: Row[] = [];
if (flags.only !== 'postgres') {
  for (const runtime of ['tsx', 'build'] as const) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-bench-memory-'));
    rows.push(await measure(`PGlite, ${runtime}`, runtime, { DATA_DIR: dataDir }));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
if (flags.only !== 'pglite') {
  const temp = process.env.BENCH_DATABASE_URL ? null : await startTempPostgres();
  const adminUrl = process.env.BENCH_DATABASE_URL || temp!.url;
  try {
    for (const runtime of ['tsx', 'build'] as const) {
      const url = await recreateDatabase(adminUrl, 'vitrina_bench_memory');
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-bench-memory-'));
      rows.push(
        await measure(`PostgreSQL, ${runtime}`, runtime, {
          DATABASE_URL: url,
          // The demo, as on the embedded database: a start on PostgreSQL seeds it only when asked.
          SEED: 'demo',
          DATA_DIR: dataDir,
          SECRET_KEY: randomBytes(32).toString('base64'),
        }),
      );
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  } finally {
    temp?.stop();
  }
}

say('\n| server | ready ms | RSS up MiB | idle MiB | under load MiB | req/s |');
say('|---|---|---|---|---|---|');
for (const row of rows)
  say(
    `| ${row.label} | ${row.startMs.toFixed(0)} | ${row.upMiB.toFixed(0)} | ${row.idleMiB.toFixed(0)} | ${row.loadMiB.toFixed(0)} | ${row.rps.toFixed(0)} |`,
  );
for (const db of ['PGlite', 'PostgreSQL']) {
  const tsx = rows.find((row) => row.label === `${db}, tsx`);
  const built = rows.find((row) => row.label === `${db}, build`);
  if (!tsx || !built) continue;
  say(
    `${db}, build ÷ tsx: ready ${(built.startMs / tsx.startMs).toFixed(2)}, idle RSS ${(built.idleMiB / tsx.idleMiB).toFixed(2)}, under load ${(built.loadMiB / tsx.loadMiB).toFixed(2)}`,
  );
}
process.exit(0);
