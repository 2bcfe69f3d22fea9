/**
 * How often a device's messages overtake each other behind RabbitMQ (issue 35, docs/rabbitmq/README.md
 * "Order"): two server instances in this process on one PostgreSQL database behind a throwaway
 * RabbitMQ node on the recipe, F firmware-like fridges, each publishing for S seconds the
 * messages of a sale cycle back to back (hello once, then: door-session opened, telemetry,
 * door-session closed, inventory, heartbeat), every QoS 1 message waited for (PUBACK) before the
 * next, as firmware with a small window does. It prints, per run, the QoS 1 messages accepted and
 * how many were handled after a later one of their device (the gateways' `out_of_order`), the
 * same for the embedded broker with one instance as the baseline, the ratio, and whether every
 * door session was stored closed. Measurement only: exit 0.
 *
 *   npm run bench:rabbitmq-order -- --temp-postgres
 *   npm run bench:rabbitmq-order -- --temp-postgres --fridges 200 --seconds 15
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEVICE_PROTOCOL_VERSION, deviceTopic } from '@vitrina/contract';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { type App, buildApp } from '../apps/server/src/app.js';
import { type Database, openDatabase } from '../apps/server/src/db/client.js';
import { micromarkets, organizations } from '../apps/server/src/db/schema/index.js';
import { hashToken } from '../apps/server/src/lib/crypto.js';
import { AuthFront } from '../apps/server/test/stand-ins/rabbitmq-node.js';
// @ts-expect-error plain JavaScript helper shared with the test runner
import { startTempPostgres } from '../scripts/temp-postgres.mjs';
import { startTempRabbitmq, type TempRabbitmq } from '../scripts/temp-rabbitmq.mjs';
import { recreateDatabase } from './database.js';

const { values: flags } = parseArgs({
  options: {
    fridges: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '10' },
    'temp-postgres': { type: 'boolean', default: false },
    /** Without telemetry and heartbeats: only QoS 1 messages, whose order between each other is what counts. */
    'qos1-only': { type: 'boolean', default: false },
    shards: { type: 'string', default: '4' },
  },
});
const FRIDGES = Number(flags.fridges);
const SECONDS = Number(flags.seconds);
const QOS1_ONLY = flags['qos1-only'];
const SHARDS = Number(flags.shards);
const say = (line: string) => process.stdout.write(`${line}\n`);

type Fridge = { serial: string; token: string };

async function fleet(database: Database): Promise<Fridge[]> {
  const [org] = await database.db
    .insert(organizations)
    .values({ name: `Order ${randomUUID().slice(0, 8)}` })
    .returning({ id: organizations.id });
  const fridges = Array.from({ length: FRIDGES }, (_, i) => ({
    serial: `ORDER-${i}-${randomUUID().slice(0, 8)}`,
    token: randomUUID(),
  }));
  await database.db.insert(micromarkets).values(
    fridges.map((fridge) => ({
      orgId: org!.id,
      name: fridge.serial,
      serialNumber: fridge.serial,
      tokenHash: hashToken(fridge.token),
    })),
  );
  return fridges;
}

/** One fridge's sale cycles until `until`; answers the door sessions it closed. */
async function run(url: string, fridge: Fridge, until: number): Promise<string[]> {
  const client: MqttClient = await mqtt.connectAsync(url, {
    clientId: fridge.serial,
    username: fridge.serial,
    password: fridge.token,
    clean: false,
    reconnectPeriod: 0,
  });
  let seq = 0;
  const send = (channel: Parameters<typeof deviceTopic>[1], body: Record<string, unknown>, qos: 0 | 1) =>
    client.publishAsync(
      deviceTopic(fridge.serial, channel),
      JSON.stringify({ v: DEVICE_PROTOCOL_VERSION, ts: Date.now(), boot: 1, seq: seq++, ...body }),
      { qos },
    );
  await client.subscribeAsync(deviceTopic(fridge.serial, 'commands'), { qos: 1 });
  await send('hello', { firmware: '2.4.1', platform: 'vf-rfid-2' }, 1);
  const closed: string[] = [];
  while (Date.now() < until) {
    const id = randomUUID();
    const openedAt = Date.now();
    await send('door-session', { id, state: 'opened', kind: 'courier', opened_at: openedAt }, 1);
    if (!QOS1_ONLY) await send('telemetry', { temperature: 4, door: 'open' }, 0);
    await send(
      'door-session',
      {
        id,
        state: 'closed',
        kind: 'courier',
        opened_at: openedAt,
        closed_at: Date.now(),
        taken_tags: [],
        detections: [],
      },
      1,
    );
    closed.push(id);
    await send('inventory', { tags: [] }, 1);
    if (!QOS1_ONLY) await send('heartbeat', {}, 0);
  }
  await client.endAsync();
  return closed;
}

async function measure(label: string, apps: App[], url: string, fridges: Fridge[], database: Database) {
  const before = apps.map((app) => ({ ...app.gateway!.stats.snapshot() }));
  const until = Date.now() + SECONDS * 1000;
  const sessions = (await Promise.all(fridges.map((fridge) => run(url, fridge, until)))).flat();
  // Every door session stored closed (the servers may still be storing the last ones).
  const deadline = Date.now() + 60_000;
  let stored = 0;
  while (Date.now() < deadline) {
    const result = await database.db.execute(
      sql`select count(*)::int as n from door_sessions where id = any(${`{${sessions.join(',')}}`}::uuid[]) and closed_at is not null`,
    );
    stored = (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
    if (stored === sessions.length) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await Promise.all(apps.map((app) => app.gateway!.settle()));
  const after = apps.map((app) => app.gateway!.stats.snapshot());
  const sum = (key: 'accepted' | 'out_of_order') =>
    after.reduce((total, snapshot, i) => total + snapshot[key] - before[i]![key], 0);
  const accepted = sum('accepted');
  const outOfOrder = sum('out_of_order');
  say(
    `${label}: ${sessions.length} door sessions, ${stored} stored closed; ${accepted} messages accepted, ` +
      `${outOfOrder} handled after a later one of their device (${((outOfOrder / Math.max(1, accepted)) * 100).toFixed(3)} %)`,
  );
  return { accepted, outOfOrder, sessions: sessions.length, stored };
}

async function main() {
  say(
    `load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}; ${FRIDGES} fridges for ${SECONDS} s`,
  );
  const temp = flags['temp-postgres'] && !process.env.DATABASE_URL ? await startTempPostgres() : null;
  const adminUrl = process.env.DATABASE_URL || temp?.url;
  if (!adminUrl) throw new Error('PostgreSQL needed: --temp-postgres or DATABASE_URL');
  const databaseUrl = await recreateDatabase(adminUrl, 'vitrina_bench_order');
  const databases: Database[] = [];
  const open = async () => {
    const database = await openDatabase({ databaseUrl });
    databases.push(database);
    return database;
  };
  const main = await open();
  await main.migrate();
  const front = new AuthFront();
  let broker: TempRabbitmq = await startTempRabbitmq({ authBase: await front.start() });
  const folders: string[] = [];
  const start = async (mqttSettings: Parameters<typeof buildApp>[0]['mqtt']) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-bench-order-'));
    folders.push(dataDir);
    const app = await buildApp({
      database: await open(),
      config: { publicUrl: 'http://localhost', webDist: '/nonexistent', dataDir },
      logger: false,
      mqtt: mqttSettings,
    });
    await app.ready();
    return app;
  };
  try {
    const embedded = await start({ port: 0, host: '127.0.0.1' });
    const baseline = await measure(
      'embedded broker, one instance',
      [embedded],
      `mqtt://127.0.0.1:${embedded.gateway!.port}`,
      await fleet(main),
      main,
    );
    await embedded.close();
    const behind = async (node: TempRabbitmq, shards: number, label: string) => {
      const settings = {
        port: 0,
        host: '127.0.0.1',
        rabbitmq: { amqpUrl: node.amqpUrl, managementUrl: node.managementUrl, uplinkQueues: shards },
      };
      const apps = [await start(settings), await start(settings)];
      for (const app of apps) front.targets.add(app);
      const result = await measure(label, apps, node.mqttUrl, await fleet(main), main);
      for (const app of apps) {
        front.targets.delete(app);
        await app.close();
      }
      return result;
    };
    const recipe = await behind(broker, 1, 'RabbitMQ on the recipe (1 QoS 1 queue), two instances');
    await broker.close();
    broker = await startTempRabbitmq({ authBase: await front.start(), uplinkQueues: SHARDS });
    const spread = await behind(broker, SHARDS, `RabbitMQ with ${SHARDS} QoS 1 shards, two instances`);
    const share = (r: { outOfOrder: number; accepted: number }) => `${r.outOfOrder} of ${r.accepted}`;
    say(
      `out of order: embedded ${share(baseline)}, recipe ${share(recipe)}, ${SHARDS} shards ${share(spread)}; ` +
        `accepted ratio ${SHARDS} shards / recipe ${(spread.accepted / Math.max(1, recipe.accepted)).toFixed(2)}, ` +
        `recipe / embedded ${(recipe.accepted / Math.max(1, baseline.accepted)).toFixed(2)}; every session stored closed: ` +
        `${[baseline, recipe, spread].every((r) => r.stored === r.sessions) ? 'yes' : 'no'}`,
    );
    say(
      `load average ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await broker.close();
    await front.close();
    for (const database of databases) await database.close().catch(() => {});
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
    temp?.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
