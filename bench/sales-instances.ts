/**
 * Door close → paid with several server instances behind RabbitMQ (issue 35): F fridges
 * (`--rate`, one closed customer session a second each, as bench:sales-close) publish to a
 * throwaway RabbitMQ node on the recipe (docs/rabbitmq), the servers are real child processes
 * (BROKER=rabbitmq) on one temp PostgreSQL (or DATABASE_URL's server), in one run:
 *  (a) one instance: the baseline;
 *  (b) two instances, and at the middle of the measured window the one consuming the QoS 1
 *      queue (its single active consumer, asked of the management API) is killed with SIGKILL
 *      and left down: the other takes the queue and what the dead one had not acknowledged.
 * For each it prints the sessions closed in the window and paid, door close → `settled_at`
 * p50/p99/max, and for (b) the p99 of the sessions closed within ±5 s of the kill; the longest
 * time a fridge had a sale new or processing (what the sales gate refuses its customers for,
 * "previous transaction unclosed"); the ratio (b)/(a) of the p99; the load average at the start
 * and end. Every session sent must end paid: it waits up to `--drain` seconds for them and
 * prints those that were not as a FAILED line. Measurement only: exit 0.
 *
 *   npm run bench:sales-instances
 *   npm run bench:sales-instances -- --rate 50 --seconds 10
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { type Database, openDatabase } from '../apps/server/src/db/client.js';
import { cleanUp, exited, type Started, startRabbitmqServer } from '../apps/server/test/server-process.js';
import { AuthFront, startRecipeRabbitmq } from '../apps/server/test/stand-ins/rabbitmq-node.js';
// @ts-expect-error plain JavaScript helper shared with the test runner
import { startTempPostgres } from '../scripts/temp-postgres.mjs';
import type { TempRabbitmq } from '../scripts/temp-rabbitmq.mjs';
import { forkCustomerFleet, seedCustomerShop } from './customer-shop.js';
import { recreateDatabase } from './database.js';
import { percentile } from './load.js';
import {
  activeConsumerPid,
  longestRefusalMs,
  paidCount,
  type SaleFacts,
  salesOfSessions,
} from './sales-instances-facts.js';

const { values: flags } = parseArgs({
  options: {
    rate: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '3' },
    /** The longest wait after the window for every session to be paid (a sale the killed instance was charging is reconciled after 2 minutes). */
    drain: { type: 'string', default: '240' },
  },
});
const RATE = Number(flags.rate);
const SECONDS = Number(flags.seconds);
const WARMUP = Number(flags.warmup);
const DRAIN = Number(flags.drain);
/** The sessions closed this close to the kill are its neighbourhood (ms either side). */
const AROUND_KILL_MS = 5_000;
/** A sale paid later than this after its close was held up (the fault test's bound on a half-finished sale). */
const SLOW_MS = 10_000;
const say = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : '-');
/** Count, p50, p99 and max of latencies. */
const spread = (values: number[]) =>
  `${values.length} sessions, p50 ${ms(percentile(values, 50))}, p99 ${ms(percentile(values, 99))}, max ${ms(values.length > 0 ? Math.max(...values) : Number.NaN)}`;

type Phase = { label: string; instances: 1 | 2; killActive: boolean };
type Kill = { at: number; pid: number; found: boolean; nextActive: number | null };
type Outcome = { p99: number };

async function runPhase(adminUrl: string, broker: TempRabbitmq, front: AuthFront, phase: Phase): Promise<Outcome> {
  const databaseUrl = await recreateDatabase(adminUrl, `vitrina_bench_instances_${phase.instances}`);
  const database = await openDatabase({ databaseUrl });
  try {
    return await measurePhase({ databaseUrl, database, broker, front, phase });
  } finally {
    await database.close();
  }
}

async function measurePhase(options: {
  databaseUrl: string;
  database: Database;
  broker: TempRabbitmq;
  front: AuthFront;
  phase: Phase;
}): Promise<Outcome> {
  const { databaseUrl, broker, front, phase } = options;
  const { db } = options.database;
  await options.database.migrate();
  const shop = await seedCustomerShop(db, { fridges: RATE, serialPrefix: 'INST-' });
  const instances: Started[] = [];
  // One after the other: the first registers first on the QoS 1 queue, so it is its active consumer.
  for (let i = 0; i < phase.instances; i++) {
    const started = await startRabbitmqServer({
      databaseUrl,
      amqpUrl: broker.amqpUrl,
      managementUrl: broker.managementUrl,
    });
    instances.push(started);
    front.targets.add(started.base);
  }
  const fleet = forkCustomerFleet();
  await fleet.ask({
    kind: 'connect',
    url: broker.mqttUrl,
    fridges: shop.fridges,
    customerTokens: shop.customerTokens,
    productId: shop.productId,
  });
  fleet.send({ kind: 'start' });
  await sleep(WARMUP * 1000);
  const windowStart = Date.now();
  const windowEnd = windowStart + SECONDS * 1000;
  let kill: Kill | null = null;
  if (phase.killActive) {
    await sleep(windowStart + (SECONDS * 1000) / 2 - Date.now());
    const pid = await activeConsumerPid(broker.managementUrl).catch(() => null);
    const victim = instances.find((instance) => instance.child.pid === pid) ?? instances[0]!;
    const at = Date.now();
    victim.child.kill('SIGKILL');
    front.targets.delete(victim.base);
    await exited(victim.child);
    instances.splice(instances.indexOf(victim), 1);
    kill = { at, pid: victim.child.pid!, found: pid === victim.child.pid, nextActive: null };
  }
  await sleep(windowEnd - Date.now());
  if (kill) kill.nextActive = await activeConsumerPid(broker.managementUrl).catch(() => null);
  const stopped = await fleet.ask({ kind: 'stop' });
  const closedAt = new Map(stopped.kind === 'stopped' ? stopped.closed : []);
  const ids = [...closedAt.keys()];

  // Every session sent (warm-up and tail too) must end paid.
  const drainStart = Date.now();
  let paid = await paidCount(db, ids);
  while (paid < ids.length && Date.now() - drainStart < DRAIN * 1000) {
    await sleep(1_000);
    paid = await paidCount(db, ids);
  }
  const drainMs = Date.now() - drainStart;
  const sales = await salesOfSessions(db, ids);
  const now = Date.now();
  for (const instance of instances) {
    instance.child.kill('SIGTERM');
    // A stop that hangs must not hang the run: the next phase needs the queue to itself.
    const killLater = setTimeout(() => instance.child.kill('SIGKILL'), 30_000);
    await exited(instance.child);
    clearTimeout(killLater);
    front.targets.delete(instance.base);
  }
  return report({ phase, sales, closedAt, windowStart, windowEnd, kill, drainMs, now, sent: ids.length });
}

function report(options: {
  phase: Phase;
  sales: SaleFacts[];
  closedAt: Map<string, number>;
  windowStart: number;
  windowEnd: number;
  kill: Kill | null;
  drainMs: number;
  now: number;
  sent: number;
}): Outcome {
  const { phase, sales, closedAt, windowStart, windowEnd, kill } = options;
  const inWindow = (at: number) => at >= windowStart && at < windowEnd;
  const windowSessions = [...closedAt].filter(([, at]) => inWindow(at));
  const bySession = new Map(sales.map((sale) => [sale.doorSessionId, sale]));
  const latencies: number[] = [];
  const beforeKill: number[] = [];
  const afterKill: number[] = [];
  for (const [id, at] of windowSessions) {
    const sale = bySession.get(id);
    if (sale?.settledAt == null || sale.paymentStatus !== 1) continue;
    const latency = sale.settledAt - at;
    latencies.push(latency);
    if (kill && at >= kill.at - AROUND_KILL_MS && at < kill.at) beforeKill.push(latency);
    if (kill && at >= kill.at && at <= kill.at + AROUND_KILL_MS) afterKill.push(latency);
  }
  const slow = latencies.filter((latency) => latency > SLOW_MS).length;
  say(`${phase.label}:`);
  say(
    `  sessions closed in the window: ${windowSessions.length} (${(windowSessions.length / SECONDS).toFixed(0)}/s), paid: ${latencies.length}, of them more than ${SLOW_MS / 1000} s after the close: ${slow}`,
  );
  say(`  door close → paid (settled_at): ${spread(latencies)}`);
  if (kill) {
    const active = kill.found
      ? 'the QoS 1 queue’s active consumer'
      : 'the first started (the management API named none)';
    const next = kill.nextActive === null ? 'none named' : `pid ${kill.nextActive}`;
    say(
      `  killed at ${((kill.at - windowStart) / 1000).toFixed(1)} s: pid ${kill.pid}, ${active}; active after: ${next}`,
    );
    say(
      `  closed within ±${AROUND_KILL_MS / 1000} s of the kill: ${spread([...beforeKill, ...afterKill])}; the ${AROUND_KILL_MS / 1000} s before: ${spread(beforeKill)}; after: ${spread(afterKill)}`,
    );
  }
  say(
    `  longest a fridge had a sale new or processing (its customers refused): ${ms(longestRefusalMs(sales, options.now))}`,
  );
  const unpaid = [...closedAt.keys()].filter((id) => bySession.get(id)?.paymentStatus !== 1);
  say(
    `  every session sent (${options.sent}, warm-up and tail included) paid after ${(options.drainMs / 1000).toFixed(0)} s of drain: ${unpaid.length === 0 ? 'yes' : 'NO'}`,
  );
  if (unpaid.length > 0) {
    const shown = unpaid.slice(0, 10).map((id) => {
      const sale = bySession.get(id);
      return sale
        ? `${id} (status ${sale.status}, payment ${sale.paymentStatus}, ${sale.errorCode ?? '-'})`
        : `${id} (no sale)`;
    });
    say(`  FAILED: ${unpaid.length} sessions not paid: ${shown.join(', ')}${unpaid.length > 10 ? ', …' : ''}`);
  }
  return { p99: percentile(latencies, 99) };
}

async function main() {
  say(`load average at start: ${loadAverage()}; ${RATE} sessions/s for ${SECONDS} s after ${WARMUP} s of warm-up`);
  const temp = process.env.DATABASE_URL ? null : await startTempPostgres();
  const adminUrl: string = process.env.DATABASE_URL || temp.url;
  const front = new AuthFront();
  const broker = await startRecipeRabbitmq(front);
  try {
    const one = await runPhase(adminUrl, broker, front, {
      label: '(a) one instance behind RabbitMQ',
      instances: 1,
      killActive: false,
    });
    const two = await runPhase(adminUrl, broker, front, {
      label: '(b) two instances, the active one killed with SIGKILL mid-window',
      instances: 2,
      killActive: true,
    });
    say(`p99 ratio (b)/(a): ${(two.p99 / one.p99).toFixed(2)}`);
    say(`load average at end: ${loadAverage()}`);
  } finally {
    cleanUp();
    await broker.close();
    await front.close();
    temp?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    cleanUp();
    process.exit(1);
  },
);
