/**
 * Device ingest benchmark: N simulated fridges connect over MQTT and publish telemetry (QoS 0)
 * at a steady rate, optionally with QoS 1 door sessions mixed in, to a server started in this
 * process, on the embedded broker (the default), behind a throwaway RabbitMQ node on the recipe
 * (docs/rabbitmq/; the fridges at its MQTT listener, the server, as with BROKER=rabbitmq,
 * consuming over AMQP, its device logins asked of it over HTTP), or both, one after the other,
 * on the same database and the same fridges (issue 35). Database: PGlite unless --temp-postgres
 * or DATABASE_URL. It prints, for each broker, for the measured window:
 *   - telemetry messages stored per second (rows that reached the `telemetry` table during the window),
 *   - publish → stored latency p50/p99 (the row seen by a 25 ms poll of the table),
 *   - with --qos1-rate: publish → PUBACK and publish → stored p50/p99 of the QoS 1 door sessions
 *     (stored: the session's history line, written last before the server acknowledges it; behind
 *     RabbitMQ they go through the recipe's quorum queue, the telemetry through its classic queue),
 *   - publish → live feed latency p50/p99 (the `micromarket.state` event on `app.live`,
 *     which coalesces per micromarket and flushes every 200 ms, so only the latest sample
 *     of each flush is delivered and timed),
 *   - a plain batched INSERT of the same number of rows (drizzle, batches of 500, as the telemetry
 *     buffer wrote before it unnested columns), measured in the same run on the same database, and the ratio;
 * with --broker both, the ratios rabbitmq / embedded of stored msg/s and of the p99s; and the
 * load average at the start and the end. Measurement only: no assertions, exit 0.
 *
 *   npm run bench:ingest
 *   npm run bench:ingest -- --fridges 500 --rate 2 --seconds 20
 *   npm run bench:ingest -- --temp-postgres          (a throwaway cluster from the machine's PostgreSQL)
 *   DATABASE_URL=postgres://… npm run bench:ingest   (a database `vitrina_bench_ingest` is made there)
 *   npm run bench:ingest -- --temp-postgres --fridges 10000 --rate 0.5 --processes 2 --warmup 15 --seconds 30
 *                       (the fridges' connections in 2 worker processes: one process cannot hold
 *                        both ends of 10,000 sockets under a 20,000-descriptor limit; the longer
 *                        warm-up lets 10,000 hellos drain, or the window measures their backlog)
 *   npm run bench:ingest -- --temp-postgres --broker both --fridges 2500 --rate 2 --processes 2 --warmup 10 --seconds 20
 *                       (issue 35's figure: 5,000 msg/s offered from 2,500 fridges, stored with p99 < 1 s,
 *                        on the embedded broker and then behind RabbitMQ, with the ratios)
 *   npm run bench:ingest -- --temp-postgres --broker both --fridges 2500 --rate 2 --qos1-rate 0.05 --processes 2
 *                       (and a QoS 1 door session every 20 s per fridge, 125 msg/s, through the quorum queue)
 *   npm run bench:ingest -- --temp-postgres --broker rabbitmq --instances 2 …
 *                       (two server instances in this process consume the RabbitMQ node's queues)
 *
 * Each sample carries a temperature unique for its fridge within the run's window (2.00 …
 * 6.99 °C, in the safe range, so no alert work is mixed in), which is how a stored row and a
 * live event are matched to the publish they came from; a door session (a courier's, no sale)
 * has an id of its own. Publisher, broker, gateway and database share this process (or, with
 * --processes, the machine) and the machine's cores, as on a small single-node install; the
 * RabbitMQ node is one more process on them. The embedded run comes first, so the RabbitMQ run
 * inserts into a table holding the first run's rows. Times are epoch milliseconds
 * (performance.timeOrigin + performance.now()), comparable across the worker processes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type App, buildApp } from '../apps/server/src/app.js';
import { type Database, openDatabase } from '../apps/server/src/db/client.js';
import { AuthFront } from '../apps/server/test/stand-ins/rabbitmq-node.js';
// @ts-expect-error plain JavaScript helper shared with the test runner
import { startTempPostgres } from '../scripts/temp-postgres.mjs';
import { startTempRabbitmq, type TempRabbitmq } from '../scripts/temp-rabbitmq.mjs';
import { recreateDatabase } from './database.js';
import type { BrokerKind } from './ingest-report.js';
import { plainInsert, printRun, type Run } from './ingest-report.js';
import { runIngest } from './ingest-run.js';
import { percentile } from './load.js';
import { openFilesLimit, rabbitmqLimits, rabbitmqVersion } from './rabbitmq-api.js';
import { registerFridges } from './register-fridges.js';

const { values: flags } = parseArgs({
  options: {
    fridges: { type: 'string', default: '200' },
    rate: { type: 'string', default: '1' },
    /** QoS 1 door sessions per fridge per second, mixed with the telemetry (0: none). */
    'qos1-rate': { type: 'string', default: '0' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    processes: { type: 'string', default: '0' },
    'temp-postgres': { type: 'boolean', default: false },
    broker: { type: 'string', default: 'embedded' },
    /** Server instances consuming the RabbitMQ node (in this process; PostgreSQL only above 1). */
    instances: { type: 'string', default: '1' },
  },
});
const FRIDGES = Number(flags.fridges);
const RATE = Number(flags.rate);
const QOS1_RATE = Number(flags['qos1-rate']);
const SECONDS = Number(flags.seconds);
const WARMUP_SECONDS = Number(flags.warmup);
const PROCESSES = Number(flags.processes);
const INSTANCES = Number(flags.instances);
const BROKERS: Record<string, BrokerKind[]> = {
  embedded: ['embedded'],
  rabbitmq: ['rabbitmq'],
  both: ['embedded', 'rabbitmq'],
};
const RUNS: BrokerKind[] = BROKERS[flags.broker] ?? [];
if (RUNS.length === 0) throw new Error('--broker embedded | rabbitmq | both');

const say = (line: string) => process.stdout.write(`${line}\n`);
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

async function openBenchDatabase(tempUrl: string | null) {
  const adminUrl = process.env.DATABASE_URL || tempUrl;
  if (adminUrl) {
    const url = await recreateDatabase(adminUrl, 'vitrina_bench_ingest');
    return { database: await openDatabase({ databaseUrl: url }), label: 'PostgreSQL', dataDir: null, url };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-bench-ingest-'));
  return { database: await openDatabase({ dataDir }), label: 'PGlite', dataDir, url: null };
}

async function main() {
  say(`load average at the start ${loadAverage()}; ${os.cpus().length} cores, Node ${process.version}`);
  const limit = openFilesLimit();
  // In-process fridges hold the client end of every socket here, and the embedded broker the other.
  if (PROCESSES === 0 && FRIDGES * (RUNS.includes('embedded') ? 2 : 1) + 500 > limit) {
    throw new Error(`${FRIDGES} fridges in this process exceed its ${limit} descriptors (ulimit -n): use --processes`);
  }
  const temp = flags['temp-postgres'] && !process.env.DATABASE_URL ? await startTempPostgres() : null;
  const { database, label, dataDir, url: databaseUrl } = await openBenchDatabase(temp?.url ?? null);
  if (INSTANCES > 1 && !databaseUrl) throw new Error('--instances above 1 needs PostgreSQL (--temp-postgres)');
  const folders: string[] = [];
  const extraDatabases: Database[] = [];
  const front = new AuthFront();
  let node: TempRabbitmq | null = null;
  const startApp = async (database: Database, mqtt: Parameters<typeof buildApp>[0]['mqtt']) => {
    const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-bench-ingest-files-'));
    folders.push(filesDir);
    const app = await buildApp({
      database,
      config: { publicUrl: 'http://localhost', webDist: '/nonexistent', dataDir: filesDir },
      logger: false,
      mqtt,
    });
    await app.ready();
    return app;
  };
  try {
    await database.migrate();
    const fridges = await registerFridges(database, FRIDGES);
    const runs: Run[] = [];
    const settings = { fridges: FRIDGES, rate: RATE, qos1Rate: QOS1_RATE, seconds: SECONDS, instances: INSTANCES };
    for (const [index, broker] of RUNS.entries()) {
      let apps: App[];
      let url: string;
      if (broker === 'embedded') {
        const app = await startApp(database, { port: 0, host: '127.0.0.1' });
        apps = [app];
        url = `mqtt://127.0.0.1:${app.gateway!.port}`;
      } else {
        // Started only now: an idle node still takes some of the cores from the embedded run.
        node = await startTempRabbitmq({ authBase: await front.start() });
        const version = await rabbitmqVersion(node.managementUrl);
        const limits = await rabbitmqLimits(node.managementUrl);
        say(
          `\nRabbitMQ ${version.rabbitmq} (Erlang ${version.erlang}): ${limits.fdTotal} descriptors, ` +
            `${limits.socketsTotal} sockets, ${limits.procTotal} Erlang processes at most`,
        );
        if (FRIDGES > limits.socketsTotal) say(`  (${FRIDGES} fridges exceed its socket limit: some will be refused)`);
        const rabbitmq = { amqpUrl: node.amqpUrl, managementUrl: node.managementUrl };
        apps = [];
        for (let i = 0; i < INSTANCES; i++) {
          const own = i === 0 ? database : await openDatabase({ databaseUrl: databaseUrl! });
          if (i > 0) extraDatabases.push(own);
          apps.push(await startApp(own, { port: 0, host: '127.0.0.1', rabbitmq }));
        }
        for (const app of apps) front.targets.add(app);
        url = node.mqttUrl;
      }
      say(
        `\nRun ${index + 1}: ${FRIDGES} fridges × ${RATE} msg/s telemetry` +
          (QOS1_RATE > 0 ? ` + ${QOS1_RATE} QoS 1 door sessions/s` : '') +
          ` on ${label}, ${broker}` +
          (PROCESSES > 0 ? `, from ${PROCESSES} worker processes` : '') +
          `; ${WARMUP_SECONDS} s warm-up, ${SECONDS} s measured…`,
      );
      const result = await runIngest({
        apps,
        url,
        database,
        fridges,
        boot: index + 1,
        processes: PROCESSES,
        rate: RATE,
        doorRate: QOS1_RATE,
        warmupSeconds: WARMUP_SECONDS,
        seconds: SECONDS,
      });
      runs.push({ ...result, broker, storedPerSecond: result.storedInWindow / SECONDS });
      for (const app of apps) {
        front.targets.delete(app);
        await app.close();
      }
      await node?.close();
      node = null;
    }

    // The same number of rows through a plain batched INSERT, on the same database.
    const count = Math.max(...runs.map((run) => run.storedLatencies.length), 1);
    const plain = await plainInsert(database, fridges, count);
    say('');
    say(
      `Device ingest benchmark on ${label}: ${FRIDGES} fridges × ${RATE} msg/s (offered ${FRIDGES * RATE} msg/s` +
        (QOS1_RATE > 0 ? ` + ${FRIDGES * QOS1_RATE} QoS 1 msg/s` : '') +
        `), ${SECONDS} s measured after ${WARMUP_SECONDS} s warm-up; ${os.cpus().length} cores`,
    );
    for (const run of runs) printRun(run, { ...settings, plainPerSecond: plain.rowsPerSecond });
    say('');
    say(
      `plain batched INSERT  ${count} rows in ${plain.seconds.toFixed(2)} s (${plain.rowsPerSecond.toFixed(0)} rows/s); ` +
        `telemetry rows in the table ${plain.total}`,
    );
    const [embedded, rabbitmq] = [runs.find((r) => r.broker === 'embedded'), runs.find((r) => r.broker === 'rabbitmq')];
    if (embedded && rabbitmq) {
      const ratio = (a: number[], b: number[]) =>
        a.length && b.length ? (percentile(a, 99) / percentile(b, 99)).toFixed(2) : 'n/a';
      say(
        `rabbitmq / embedded: stored msg/s ${(rabbitmq.storedPerSecond / embedded.storedPerSecond).toFixed(2)}, ` +
          `p99 publish → stored ${ratio(rabbitmq.storedLatencies, embedded.storedLatencies)}` +
          (QOS1_RATE > 0
            ? `, QoS 1 p99 publish → PUBACK ${ratio(rabbitmq.doorAckLatencies, embedded.doorAckLatencies)}, ` +
              `QoS 1 p99 publish → stored ${ratio(rabbitmq.doorStoredLatencies, embedded.doorStoredLatencies)}`
            : ''),
      );
    }
    say(`load average at the end ${loadAverage()}`);
  } finally {
    await node?.close();
    await front.close();
    for (const extra of extraDatabases) await extra.close().catch(() => {});
    await database.close();
    temp?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
