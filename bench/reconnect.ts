/**
 * Reconnect storm benchmark (issue 36): F fridges in worker processes are connected to a server
 * started in this process (embedded broker; PGlite, or PostgreSQL with --temp-postgres or
 * DATABASE_URL); the server is then restarted (its broker goes away with it and comes back on
 * the same port), and every fridge reconnects and says `hello` as firmware does. It prints the
 * time from the broker's return until every hello was stored (the micromarket online with the
 * new `boot`), p50/p99 per fridge, and hellos stored per second. Two storms in one run:
 *   - lock-step: the first retry after 1 s ±20 %, as the protocol said before the spread (the baseline);
 *   - protocol:  the first retry also waits a random 0–5 s (DEVICE_RECONNECT_SPREAD_MS, §6).
 * Measurement only: no assertions, exit 0.
 *
 *   npm run bench:reconnect -- --temp-postgres                  (10,000 fridges, 2 worker processes)
 *   npm run bench:reconnect -- --temp-postgres --fridges 2500 --processes 1
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { type App, buildApp } from '../apps/server/src/app.js';
import { type Database, openDatabase } from '../apps/server/src/db/client.js';
import { micromarkets, organizations } from '../apps/server/src/db/schema/index.js';
import { hashToken } from '../apps/server/src/lib/crypto.js';
// @ts-expect-error plain JavaScript helper shared with the test runner
import { startTempPostgres } from '../scripts/temp-postgres.mjs';
import { recreateDatabase } from './database.js';
import { percentile } from './load.js';
import type { ReconnectCommand, ReconnectFridge, ReconnectPolicy, ReconnectReport } from './reconnect-worker.js';

const { values: flags } = parseArgs({
  options: {
    fridges: { type: 'string', default: '10000' },
    processes: { type: 'string', default: '2' },
    /** Give up on a storm after this many seconds (and say how many fridges were still away). */
    limit: { type: 'string', default: '180' },
    'temp-postgres': { type: 'boolean', default: false },
  },
});
const FRIDGES = Number(flags.fridges);
const PROCESSES = Math.max(1, Number(flags.processes));
const LIMIT_MS = Number(flags.limit) * 1000;
const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'reconnect-worker.ts');
const say = (line: string) => process.stdout.write(`${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function openBenchDatabase(tempUrl: string | null) {
  const adminUrl = process.env.DATABASE_URL || tempUrl;
  if (adminUrl) {
    const url = await recreateDatabase(adminUrl, 'vitrina_bench_reconnect');
    return { database: await openDatabase({ databaseUrl: url }), label: 'PostgreSQL', dataDir: null };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-bench-reconnect-'));
  return { database: await openDatabase({ dataDir }), label: 'PGlite', dataDir };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

class Workers {
  private readonly workers: ChildProcess[];
  private readonly waiting = new Map<ChildProcess, (report: ReconnectReport) => void>();
  constructor(count: number) {
    this.workers = Array.from({ length: count }, () => {
      const worker = fork(WORKER, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
      worker.on('message', (report: ReconnectReport) => {
        if (report.kind === 'failed') process.stderr.write(`reconnect worker failed: ${report.error}\n`);
        this.waiting.get(worker)?.(report);
      });
      return worker;
    });
  }
  connect(url: string, fridges: ReconnectFridge[]) {
    const share = Math.ceil(fridges.length / this.workers.length);
    return Promise.all(
      this.workers.map((worker, i) =>
        this.ask(worker, { kind: 'connect', url, fridges: fridges.slice(i * share, (i + 1) * share) }),
      ),
    );
  }
  policy(policy: ReconnectPolicy) {
    for (const worker of this.workers) worker.send({ kind: 'policy', policy } satisfies ReconnectCommand);
  }
  stop() {
    return Promise.all(this.workers.map((worker) => this.ask(worker, { kind: 'stop' })));
  }
  private ask(worker: ChildProcess, command: ReconnectCommand) {
    return new Promise<ReconnectReport>((resolve, reject) => {
      this.waiting.set(worker, (report) => {
        this.waiting.delete(worker);
        if (report.kind === 'failed') reject(new Error(report.error));
        else resolve(report);
      });
      worker.send(command);
    });
  }
}

async function seedFridges(database: Database): Promise<{ orgId: number; fridges: ReconnectFridge[] }> {
  const [org] = await database.db
    .insert(organizations)
    .values({ name: `Bench ${randomUUID().slice(0, 8)}` })
    .returning({ id: organizations.id });
  const fridges: ReconnectFridge[] = [];
  for (let start = 0; start < FRIDGES; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, FRIDGES - start) }, (_, i) => ({
      serial: `RECO-${start + i}-${randomUUID().slice(0, 8)}`,
      token: randomUUID(),
    }));
    await database.db.insert(micromarkets).values(
      batch.map((fridge) => ({
        orgId: org!.id,
        name: fridge.serial,
        serialNumber: fridge.serial,
        tokenHash: hashToken(fridge.token),
      })),
    );
    fridges.push(...batch);
  }
  return { orgId: org!.id, fridges };
}

/** Until every fridge is online with `boot` (or the limit): when each was first seen so, in ms since `since`. */
async function waitForHellos(database: Database, orgId: number, boot: number, since: number) {
  const seenAt: number[] = [];
  const seen = new Set<number>();
  while (seen.size < FRIDGES && performance.now() - since < LIMIT_MS) {
    const result = (await database.db.execute(
      sql`select id from micromarkets where org_id = ${orgId} and session_boot >= ${boot} and connection = 'online'`,
    )) as unknown as { rows: { id: number }[] };
    const now = performance.now() - since;
    for (const { id } of result.rows) {
      if (seen.has(id)) continue;
      seen.add(id);
      seenAt.push(now);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return seenAt;
}

async function main() {
  const loadAtStart = os.loadavg()[0]!;
  const temp = flags['temp-postgres'] && !process.env.DATABASE_URL ? await startTempPostgres() : null;
  const { database, label, dataDir } = await openBenchDatabase(temp?.url ?? null);
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-bench-reconnect-files-'));
  const port = await freePort();
  const startServer = async () => {
    const app = await buildApp({
      database,
      config: { publicUrl: 'http://localhost', webDist: '/nonexistent', dataDir: filesDir },
      logger: false,
      mqtt: { port, host: '127.0.0.1' },
    });
    await app.ready();
    return app;
  };
  const workers = new Workers(PROCESSES);
  let app: App | null = null;
  try {
    await database.migrate();
    const { orgId, fridges } = await seedFridges(database);
    app = await startServer();
    say(`Connecting ${FRIDGES} fridges to the embedded broker (${label}) from ${PROCESSES} worker processes…`);
    const connectStart = performance.now();
    await workers.connect(`mqtt://127.0.0.1:${port}`, fridges);
    const first = await waitForHellos(database, orgId, 1, connectStart);
    say(`  ${first.length} online in ${seconds(performance.now() - connectStart)} (50 connections at a time)`);

    const results: { policy: ReconnectPolicy; back: number[]; downMs: number }[] = [];
    let boot = 1;
    for (const policy of ['lockstep', 'protocol'] as const) {
      workers.policy(policy);
      boot += 1;
      say(`Restarting the server (${policy} reconnects)…`);
      const downAt = performance.now();
      await app.close();
      const closedAt = performance.now();
      app = await startServer();
      const upAt = performance.now();
      say(`  closed in ${seconds(closedAt - downAt)}, started in ${seconds(upAt - closedAt)}`);
      const back = await waitForHellos(database, orgId, boot, upAt);
      results.push({ policy, back, downMs: upAt - downAt });
      say(`  ${back.length} of ${FRIDGES} back in ${back.length ? seconds(back.at(-1)!) : 'n/a'}`);
    }

    say('');
    say(
      `Reconnect storm on ${label}: ${FRIDGES} fridges in ${PROCESSES} worker processes, server restarted; ` +
        `${os.cpus().length} cores, load average ${loadAtStart.toFixed(1)} at start, ${os.loadavg()[0]!.toFixed(1)} at end, Node ${process.version}`,
    );
    for (const { policy, back, downMs } of results) {
      const all = back.length === FRIDGES ? seconds(back.at(-1)!) : `not all: ${FRIDGES - back.length} still away`;
      const firstAt = back[0] ?? 0;
      const rate = back.length > 1 ? (back.length / ((back.at(-1)! - firstAt) / 1000)).toFixed(0) : 'n/a';
      say(
        `  ${policy.padEnd(9)} every hello stored ${all} after the broker was back (down ${seconds(downMs)}); ` +
          `per fridge p50 ${seconds(percentile(back, 50))} p99 ${seconds(percentile(back, 99))}; ${rate} hellos/s`,
      );
    }
    const [lockstep, protocol] = results;
    if (lockstep!.back.length === FRIDGES && protocol!.back.length === FRIDGES)
      say(`  protocol ÷ lock-step, time to all back: ${(protocol!.back.at(-1)! / lockstep!.back.at(-1)!).toFixed(2)}`);
  } finally {
    await workers.stop().catch(() => {});
    await app?.close();
    await database.close();
    temp?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(filesDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
