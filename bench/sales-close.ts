/**
 * Door close → captured payment: F fridges each close one customer session a
 * second (one product seen by the scales, a known customer with a saved card, paid through
 * the built-in test provider) against a server in this process (embedded broker, job runner
 * on; PGlite unless DATABASE_URL or --temp-postgres); the fridges' MQTT clients run in a
 * child process (bench/customer-fridge-worker.ts). For every session of the measured
 * window it times the `closed` publish to the sale's `transaction` live event with payment
 * status 1 (paid), and prints sessions/s settled and the p50/p95/p99 latency. Target: p99 <
 * 2 s at 200 sessions/s on PostgreSQL. Measurement only: no assertions, exit 0.
 *
 *   npm run bench:sales-close -- --temp-postgres
 *   npm run bench:sales-close -- --fridges 200 --seconds 20
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { inArray } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { transactions } from '../apps/server/src/db/schema/index.js';
// @ts-expect-error plain JavaScript helper shared with the test runner
import { startTempPostgres } from '../scripts/temp-postgres.mjs';
import { forkCustomerFleet, seedCustomerShop } from './customer-shop.js';
import { recreateDatabase } from './database.js';
import { epochNow } from './fridge-fleet.js';
import { percentile } from './load.js';

const { values: flags } = parseArgs({
  options: {
    fridges: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '3' },
    'temp-postgres': { type: 'boolean', default: false },
    /** Prints the statements the measured window ran, per session closed, most frequent first. */
    statements: { type: 'boolean', default: false },
  },
});
const FRIDGES = Number(flags.fridges);
const SECONDS = Number(flags.seconds);
const WARMUP = Number(flags.warmup);
const say = (line: string) => process.stdout.write(`${line}\n`);

/** Statements run while measuring, by their text's first 90 characters (with --statements). */
const statementCounts = new Map<string, number>();
let measuring = false;
const logQuery = flags.statements
  ? (query: string) => {
      if (!measuring) return;
      const key = query.replace(/\s+/g, ' ').slice(0, 90);
      statementCounts.set(key, (statementCounts.get(key) ?? 0) + 1);
    }
  : undefined;

async function openBenchDatabase(tempUrl: string | null) {
  const adminUrl = process.env.DATABASE_URL || tempUrl;
  if (adminUrl)
    return {
      database: await openDatabase({
        databaseUrl: await recreateDatabase(adminUrl, 'vitrina_bench_sales'),
        logQuery,
      }),
      label: 'PostgreSQL',
    };
  return {
    database: await openDatabase({
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-bench-sales-')),
      logQuery,
    }),
    label: 'PGlite',
  };
}

const loadBefore = os
  .loadavg()
  .map((load) => load.toFixed(2))
  .join(' ');
const temp = flags['temp-postgres'] && !process.env.DATABASE_URL ? await startTempPostgres() : null;
const { database, label } = await openBenchDatabase(temp?.url ?? null);
await database.migrate();
const db = database.db;
const shop = await seedCustomerShop(db, { fridges: FRIDGES, serialPrefix: 'BENCH-S' });

const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-bench-sales-files-'));
const app = await buildApp({
  database,
  config: { publicUrl: 'http://localhost', webDist: '/nonexistent', dataDir: filesDir },
  logger: false,
  mqtt: { port: 0, host: '127.0.0.1' },
  runJobs: true,
});
await app.ready();
const url = `mqtt://127.0.0.1:${app.gateway!.port}`;

const paidAt = new Map<number, number>();
const closedStoredAt = new Map<number, number>();
app.live.subscribe((message) => {
  if (message.kind !== 'event' || message.event.topic !== 'transaction') return;
  const data = message.event.data as { payment_status?: number; status?: number };
  const id = Number(message.event.id);
  if (data.status === 3 && !closedStoredAt.has(id)) closedStoredAt.set(id, epochNow());
  if (data.payment_status === 1) paidAt.set(id, epochNow());
});

const fleet = forkCustomerFleet();
await fleet.ask({
  kind: 'connect',
  url,
  fridges: shop.fridges,
  customerTokens: shop.customerTokens,
  productId: shop.productId,
});
fleet.send({ kind: 'start' });
await new Promise((resolve) => setTimeout(resolve, WARMUP * 1000));
const windowStart = Date.now();
const cpuBefore = process.cpuUsage();
const settledBefore = paidAt.size;
measuring = true;
await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
measuring = false;
const windowEnd = Date.now();
// The server's event loop is one thread: its CPU per session is what bounds the sessions/s.
const cpu = process.cpuUsage(cpuBefore);
const settledInWindow = paidAt.size - settledBefore;
const stopped = await fleet.ask({ kind: 'stop' });
const closedAt = new Map(
  stopped.kind === 'stopped' ? stopped.closed.filter(([, at]) => at >= windowStart && at < windowEnd) : [],
);
// Time for the last sessions to settle.
await new Promise((resolve) => setTimeout(resolve, 5_000));

const ids = [...closedAt.keys()];
const sales: {
  id: number;
  doorSessionId: string | null;
  settledAt: Date | null;
  status: number;
  paymentStatus: number;
  errorCode: string | null;
}[] = [];
for (let i = 0; i < ids.length; i += 1000) {
  sales.push(
    ...(await db
      .select({
        id: transactions.id,
        doorSessionId: transactions.doorSessionId,
        settledAt: transactions.settledAt,
        status: transactions.status,
        paymentStatus: transactions.paymentStatus,
        errorCode: transactions.errorCode,
      })
      .from(transactions)
      .where(inArray(transactions.doorSessionId, ids.slice(i, i + 1000)))),
  );
}
const latencies: number[] = [];
const storing: number[] = [];
for (const sale of sales) {
  // The server's own record of when the money was taken (same clock as the publish times).
  const paid = sale.settledAt?.getTime();
  const closed = closedAt.get(sale.doorSessionId ?? '');
  const stored = closedStoredAt.get(sale.id);
  if (paid !== undefined && closed !== undefined) latencies.push(paid - closed);
  if (stored !== undefined && closed !== undefined) storing.push(stored - closed);
}
latencies.sort((a, b) => a - b);
// What the sales not settled by the end were left as (status / payment status / error), so a
// run that pays few is explained rather than only counted.
const unsettled = new Map<string, number>();
for (const sale of sales.filter((row) => row.settledAt === null)) {
  const key = `${sale.status}/${sale.paymentStatus}/${sale.errorCode ?? '-'}`;
  unsettled.set(key, (unsettled.get(key) ?? 0) + 1);
}
say(
  `${label}: ${FRIDGES} fridges, one closed session a second each, ${SECONDS} s measured (load average before: ${loadBefore})`,
);
say(
  `sessions closed: ${ids.length} (${(ids.length / SECONDS).toFixed(0)}/s), sales stored: ${sales.length}, paid: ${latencies.length}`,
);
say(
  `door close → captured payment (settled_at): p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`,
);
say(
  `door close → the processing sale announced live: p50 ${percentile(storing, 50).toFixed(0)} ms, p99 ${percentile(storing, 99).toFixed(0)} ms`,
);
say(
  `server process CPU: ${((cpu.user + cpu.system) / 1000 / Math.max(1, ids.length)).toFixed(2)} ms per session closed (${((cpu.user + cpu.system) / 10_000 / SECONDS).toFixed(0)}% of one core), paid while measuring: ${(settledInWindow / SECONDS).toFixed(0)}/s`,
);
if (unsettled.size > 0)
  say(
    `not settled by the end (status/payment status/error): ${[...unsettled]
      .sort((a, b) => b[1] - a[1])
      .map(([key, count]) => `${key} ×${count}`)
      .join(', ')}`,
  );
if (flags.statements) {
  const total = [...statementCounts.values()].reduce((sum, n) => sum + n, 0);
  say(`statements while measuring: ${total}, ${(total / Math.max(1, ids.length)).toFixed(1)} per session closed`);
  for (const [query, count] of [...statementCounts].sort((a, b) => b[1] - a[1])) {
    say(`  ${(count / Math.max(1, ids.length)).toFixed(2).padStart(6)}  ${query}`);
  }
}
await app.close();
await database.close();
temp?.stop();
process.exit(0);
