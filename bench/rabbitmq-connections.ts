/**
 * Memory per connected device behind RabbitMQ (issue 35): C idle devices (5,000 and then 10,000
 * by default), registered in the database so RabbitMQ's HTTP auth lets them in, connect as
 * docs/device-protocol.md §6 says firmware does (clean session false, keepalive 60 s, the last
 * will, SUBSCRIBE to their commands at QoS 1, hello), from worker processes (bench/fridge-worker.ts)
 * so no process holds more sockets than its descriptors allow, and stay connected. Measured in
 * the same run, first on the embedded broker (Aedes in the server, this process: its RSS from
 * /proc and its V8 heap + external after a full GC) as the baseline, then at a throwaway
 * RabbitMQ node on the recipe (docs/rabbitmq/) with one server instance in this process
 * consuming it. The node's memory comes from the management API after `rabbitmqctl force_gc`
 * (/api/nodes/{node}/memory): `total.rss`, the beam.smp process's resident set, which is what
 * `mem_used` and the memory alarm weigh under the node's default `rss` strategy, and
 * `total.erlang`, erlang:memory(total), which counts every socket's user-space receive buffer
 * whole (inet's `buffer`, printed: about 3.8 MiB a socket on this machine's TCP settings) though
 * little of it is resident. Also the node's Erlang process count, the auth requests per device,
 * the categories of its memory that grew, and the server instance's own heap growth.
 *
 * Each figure is the growth over a span (no devices → each count, and one count → the next, which
 * leaves start-up garbage out) divided by the devices it added. It prints both brokers' figures,
 * the ratios RabbitMQ / embedded, the connection rates, the version measured (3.10's MQTT plugin
 * proxies every connection through AMQP 0.9.1; native MQTT came in 3.12), and the load average
 * at the start and the end. Measurement only: exit 0.
 *
 *   npm run bench:rabbitmq-connections -- --temp-postgres
 *                       (5,000 and 10,000 devices; about 15 minutes on 2 cores, RabbitMQ 3.10
 *                        takes some 25–40 devices a second)
 *   npm run bench:rabbitmq-connections -- --temp-postgres --counts 500,1000
 *   npm run bench:rabbitmq-connections -- --temp-postgres --bare
 *                       (clean session, no will, no subscription, hello only: the connection alone)
 *   DATABASE_URL=postgres://… npm run bench:rabbitmq-connections
 *
 * The devices connect 25 at a time per worker process (--processes, default 2: 5,000 sockets
 * each at 10,000); the server process holds the embedded broker's end of every socket, under
 * its 20,000 descriptors, and the RabbitMQ node its own (its limits are printed).
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
import { inetBufferBytes, nodeMemory, processMemory } from './broker-memory.js';
import { recreateDatabase } from './database.js';
import type { BenchFridge, FleetOptions } from './fridge-fleet.js';
import { FridgeProcesses } from './fridge-processes.js';
import { managementGet, rabbitmqLimits, rabbitmqVersion } from './rabbitmq-api.js';
import { registerFridges } from './register-fridges.js';

const { values: flags } = parseArgs({
  options: {
    counts: { type: 'string', default: '5000,10000' },
    processes: { type: 'string', default: '2' },
    /** Seconds the devices stay connected before each reading. */
    idle: { type: 'string', default: '5' },
    bare: { type: 'boolean', default: false },
    'temp-postgres': { type: 'boolean', default: false },
  },
});
const COUNTS = flags.counts
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
const PROCESSES = Number(flags.processes);
const IDLE_MS = Number(flags.idle) * 1000;
const STYLE: FleetOptions['style'] = flags.bare ? 'bench' : 'firmware';
const say = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/** Waits until the apps have accepted `count` more messages (the devices' hellos) than `before`. */
async function helloes(apps: App[], before: number, count: number) {
  const accepted = () => apps.reduce((sum, app) => sum + app.gateway!.stats.accepted, 0);
  const deadline = performance.now() + 300_000;
  while (accepted() - before < count && performance.now() < deadline) await sleep(100);
  for (const app of apps) await app.gateway!.settle();
  return accepted() - before;
}

type Step = { count: number; connectSeconds: number; hellos: number };

/** Connects the devices count by count; `read` measures after each step. */
async function connectInSteps<T>(
  url: string,
  fridges: BenchFridge[],
  apps: App[],
  boot: number,
  read: () => Promise<T>,
): Promise<{ before: T; steps: (Step & { after: T })[]; fleet: FridgeProcesses }> {
  const fleet = new FridgeProcesses(PROCESSES, url, () => {}, { style: STYLE, boot, keepalive: 60 });
  await sleep(IDLE_MS);
  const before = await read();
  const steps: (Step & { after: T })[] = [];
  let connected = 0;
  const acceptedAtStart = apps.reduce((sum, app) => sum + app.gateway!.stats.accepted, 0);
  for (const count of COUNTS) {
    const started = performance.now();
    await fleet.connect(fridges.slice(connected, count));
    const hellos = await helloes(apps, acceptedAtStart, count);
    const connectSeconds = (performance.now() - started) / 1000;
    connected = count;
    await sleep(IDLE_MS);
    steps.push({ count, connectSeconds, hellos, after: await read() });
    const added = count - (steps.at(-2)?.count ?? 0);
    say(
      `  ${count} devices connected: ${added} in ${connectSeconds.toFixed(1)} s (${(added / connectSeconds).toFixed(0)} devices/s), ` +
        `${hellos} hellos stored`,
    );
  }
  return { before, steps, fleet };
}

async function main() {
  say(`load average at the start ${loadAverage()}; ${os.cpus().length} cores, Node ${process.version}`);
  const temp = flags['temp-postgres'] && !process.env.DATABASE_URL ? await startTempPostgres() : null;
  const adminUrl = process.env.DATABASE_URL || temp?.url;
  if (!adminUrl) throw new Error('PostgreSQL needed: --temp-postgres or DATABASE_URL');
  const databaseUrl = await recreateDatabase(adminUrl, 'vitrina_bench_connections');
  const databases: Database[] = [];
  const folders: string[] = [];
  const open = async () => {
    const database = await openDatabase({ databaseUrl });
    databases.push(database);
    return database;
  };
  const startApp = async (mqtt: Parameters<typeof buildApp>[0]['mqtt']) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-bench-connections-'));
    folders.push(dataDir);
    const app = await buildApp({
      database: await open(),
      config: { publicUrl: 'http://localhost', webDist: '/nonexistent', dataDir },
      logger: false,
      mqtt,
    });
    await app.ready();
    return app;
  };
  const front = new AuthFront();
  let node: TempRabbitmq | null = null;
  try {
    const main = await open();
    await main.migrate();
    const fridges = await registerFridges(main, COUNTS.at(-1)!, 'CONN');
    const what = flags.bare ? 'bare connections (clean session, hello)' : 'connected as firmware (§6)';
    say(`${fridges.length} devices registered; ${what}, keepalive 60 s, from ${PROCESSES} worker processes`);

    say('\nEmbedded broker (Aedes in the server process):');
    const embeddedApp = await startApp({ port: 0, host: '127.0.0.1' });
    const embedded = await connectInSteps(
      `mqtt://127.0.0.1:${embeddedApp.gateway!.port}`,
      fridges,
      [embeddedApp],
      1,
      processMemory,
    );
    await embedded.fleet.close();
    await embeddedApp.close();

    node = await startTempRabbitmq({ authBase: await front.start() });
    const version = await rabbitmqVersion(node.managementUrl);
    const limits = await rabbitmqLimits(node.managementUrl);
    say(
      `\nRabbitMQ ${version.rabbitmq} (Erlang ${version.erlang}) on the recipe, one server instance consuming: ` +
        `${limits.fdTotal} descriptors, ${limits.socketsTotal} sockets, ${limits.procTotal} Erlang processes at most`,
    );
    const rabbitmqApp = await startApp({
      port: 0,
      host: '127.0.0.1',
      rabbitmq: { amqpUrl: node.amqpUrl, managementUrl: node.managementUrl },
    });
    front.targets.add(rabbitmqApp);
    const started = node;
    const rabbitmq = await connectInSteps(node.mqttUrl, fridges, [rabbitmqApp], 2, async () => ({
      node: await nodeMemory(started, limits.name),
      server: await processMemory(),
      authRequests: front.requests,
    }));
    const inetBuffers = await inetBufferBytes(node);
    const overview = await managementGet<{ object_totals: Record<string, number> }>(
      node.managementUrl,
      '/api/overview',
    );
    await rabbitmq.fleet.close();
    front.targets.delete(rabbitmqApp);
    await rabbitmqApp.close();

    say('');
    say(
      `Memory per connected device (${what}): growth over the span ÷ the devices it added; ` +
        `RabbitMQ ${version.rabbitmq}, Erlang ${version.erlang}`,
    );
    say(
      '| devices | embedded: server RSS | embedded: V8 heap + external | RabbitMQ: node RSS | RabbitMQ: Erlang allocated | ' +
        'RabbitMQ: server heap + external | node RSS ÷ embedded RSS | node RSS ÷ embedded heap + external |',
    );
    say('|---|---|---|---|---|---|---|---|');
    const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(1) : 'n/a');
    const heapOf = (memory: { heap: number; external: number }) => memory.heap + memory.external;
    // From no devices to each count, and from one count to the next (the start-up's garbage out of it).
    const spans = embedded.steps.flatMap((_, i) =>
      i === 0
        ? [{ from: -1, to: i }]
        : [
            { from: -1, to: i },
            { from: i - 1, to: i },
          ],
    );
    for (const span of spans) {
      const eFrom = span.from < 0 ? embedded.before : embedded.steps[span.from]!.after;
      const rFrom = span.from < 0 ? rabbitmq.before : rabbitmq.steps[span.from]!.after;
      const fromCount = span.from < 0 ? 0 : embedded.steps[span.from]!.count;
      const eTo = embedded.steps[span.to]!;
      const rTo = rabbitmq.steps[span.to]!;
      const devices = eTo.count - fromCount;
      const per = (after: number, before: number) => (after - before) / devices;
      const embeddedRss = per(eTo.after.rss, eFrom.rss);
      const embeddedHeap = per(heapOf(eTo.after), heapOf(eFrom));
      const nodeRss = per(rTo.after.node.rss, rFrom.node.rss);
      say(
        `| ${fromCount} → ${eTo.count} | ${kib(embeddedRss)} | ${kib(embeddedHeap)} | ${kib(nodeRss)} | ` +
          `${kib(per(rTo.after.node.erlang, rFrom.node.erlang))} | ${kib(per(heapOf(rTo.after.server), heapOf(rFrom.server)))} | ` +
          `${ratio(nodeRss, embeddedRss)} | ${ratio(nodeRss, embeddedHeap)} |`,
      );
    }
    const last = rabbitmq.steps.at(-1)!;
    const lastEmbedded = embedded.steps.at(-1)!;
    say(
      `\nAt ${last.count} devices: embedded server RSS ${mib(embedded.before.rss)} → ${mib(lastEmbedded.after.rss)}; ` +
        `RabbitMQ node RSS ${mib(rabbitmq.before.node.rss)} → ${mib(last.after.node.rss)}, ` +
        `Erlang processes ${rabbitmq.before.node.processes} → ${last.after.node.processes} ` +
        `(${((last.after.node.processes - rabbitmq.before.node.processes) / last.count).toFixed(1)} per device), ` +
        `${((last.after.authRequests - rabbitmq.before.authRequests) / last.count).toFixed(1)} auth requests per device; ` +
        `the node counted ${overview.object_totals.connections} connections, ${overview.object_totals.channels} channels, ` +
        `${overview.object_totals.queues} queues`,
    );
    const grown = Object.entries(last.after.node.categories)
      .map(
        ([category, bytes]) =>
          [category, (bytes - (rabbitmq.before.node.categories[category] ?? 0)) / last.count] as const,
      )
      .filter(([, perDevice]) => Math.abs(perDevice) >= 256)
      .sort((a, b) => b[1] - a[1]);
    say(`RabbitMQ memory grown per device by category: ${grown.map(([c, b]) => `${c} ${kib(b)}`).join(', ')}`);
    say(
      `The node's sockets' inet receive buffers (the \`buffer\` option) at ${last.count} devices: ${mib(inetBuffers)} ` +
        `(${kib(inetBuffers / last.count)} per device), counted whole in Erlang's allocated memory and its \`binary\`; ` +
        'only what data touches is resident',
    );
    if (Number(version.rabbitmq.split('.')[0]) === 3 && Number(version.rabbitmq.split('.')[1]) < 12) {
      say(
        `RabbitMQ ${version.rabbitmq}'s MQTT plugin proxies every MQTT connection through an AMQP 0.9.1 connection ` +
          'and channel of its own (the Erlang processes above); native MQTT, one Erlang process per connection, ' +
          'ships in 3.12: a production node for many devices wants 3.13 or 4.x, measured with this bench before the sizing.',
      );
    }
    say(`load average at the end ${loadAverage()}`);
  } finally {
    await node?.close();
    await front.close();
    for (const database of databases) await database.close().catch(() => {});
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
    temp?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
