/**
 * Door close → captured payment (issue 8): F fridges each close one customer session a
 * second (one product seen by the scales, a known customer with a saved card, paid through
 * the built-in test provider) against a server in this process (embedded broker, job runner
 * on; PGlite unless DATABASE_URL or --temp-postgres). For every session of the measured
 * window it times the `closed` publish to the sale's `transaction` live event with payment
 * status 1 (paid), and prints sessions/s settled and the p50/p95/p99 latency. Target: p99 <
 * 2 s at 200 sessions/s on PostgreSQL. Measurement only: no assertions, exit 0.
 *
 *   npm run bench:sales-close -- --temp-postgres
 *   npm run bench:sales-close -- --fridges 200 --seconds 20
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEVICE_PROTOCOL_VERSION, deviceTopic } from '@vitrina/contract';
import { inArray } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import {
  customerCards,
  micromarkets,
  organizations,
  paymentSettings,
  products,
  transactions,
  users,
} from '../apps/server/src/db/schema/index.js';
import { hashToken } from '../apps/server/src/lib/crypto.js';
// @ts-expect-error plain JavaScript helper shared with the test runner
import { startTempPostgres } from '../scripts/temp-postgres.mjs';
import { recreateDatabase } from './database.js';
import { epochNow } from './fridge-fleet.js';
import { percentile } from './load.js';

const { values: flags } = parseArgs({
  options: {
    fridges: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '3' },
    'temp-postgres': { type: 'boolean', default: false },
  },
});
const FRIDGES = Number(flags.fridges);
const SECONDS = Number(flags.seconds);
const WARMUP = Number(flags.warmup);
const say = (line: string) => process.stdout.write(`${line}\n`);

async function openBenchDatabase(tempUrl: string | null) {
  const adminUrl = process.env.DATABASE_URL || tempUrl;
  if (adminUrl)
    return {
      database: await openDatabase({ databaseUrl: await recreateDatabase(adminUrl, 'vitrina_bench_sales') }),
      label: 'PostgreSQL',
    };
  return {
    database: await openDatabase({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-bench-sales-')) }),
    label: 'PGlite',
  };
}

const temp = flags['temp-postgres'] && !process.env.DATABASE_URL ? await startTempPostgres() : null;
const { database, label } = await openBenchDatabase(temp?.url ?? null);
await database.migrate();
const db = database.db;
const [org] = await db
  .insert(organizations)
  .values({ name: `Bench ${randomUUID().slice(0, 8)}` })
  .returning({ id: organizations.id });
const orgId = org!.id;
await db.insert(paymentSettings).values({ orgId, provider: 'test' });
const [product] = await db
  .insert(products)
  .values({ orgId, name: 'Bench sandwich', sellCostMinor: 8_900, baseCostMinor: 5_000 })
  .returning({ id: products.id });
const customers = await db
  .insert(users)
  .values(
    Array.from({ length: 50 }, (_, i) => ({
      orgId,
      name: `Customer ${i}`,
      email: `bench-${randomUUID()}@x.test`,
      userType: 1,
    })),
  )
  .returning({ id: users.id });
const tokens = customers.map((customer) => `ct_bench_${customer.id}_${randomUUID().slice(0, 8)}`);
await db.insert(customerCards).values(
  customers.map((customer, i) => ({
    orgId,
    userId: customer.id,
    token: tokens[i]!,
    provider: 'test',
    paymentMethod: `pm_bench_${customer.id}`,
    providerCustomer: `cus_bench_${customer.id}`,
  })),
);
const fridges = Array.from({ length: FRIDGES }, (_, i) => ({
  serial: `BENCH-S${i}-${randomUUID().slice(0, 6)}`,
  token: randomUUID(),
}));
await db.insert(micromarkets).values(
  fridges.map((fridge) => ({
    orgId,
    name: fridge.serial,
    serialNumber: fridge.serial,
    tokenHash: hashToken(fridge.token),
    settings: { payment_scales: true },
  })),
);

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

type Running = { serial: string; client: MqttClient; seq: number };
const running: Running[] = [];
for (let start = 0; start < fridges.length; start += 25) {
  await Promise.all(
    fridges.slice(start, start + 25).map(async (fridge) => {
      const client = await mqtt.connectAsync(url, {
        clientId: fridge.serial,
        username: fridge.serial,
        password: fridge.token,
        clean: true,
        reconnectPeriod: 0,
        keepalive: 300,
      });
      const item = { serial: fridge.serial, client, seq: 0 };
      await client.publishAsync(
        deviceTopic(fridge.serial, 'hello'),
        JSON.stringify({ v: DEVICE_PROTOCOL_VERSION, ts: Date.now(), boot: 1, seq: item.seq++ }),
        { qos: 1 },
      );
      running.push(item);
    }),
  );
}

const closedAt = new Map<string, number>();
let measuring = false;
function session(fridge: Running) {
  const id = randomUUID();
  const at = Date.now();
  const customer_token = tokens[Math.floor(Math.random() * tokens.length)]!;
  const envelope = () => ({ v: DEVICE_PROTOCOL_VERSION, ts: Date.now(), boot: 1, seq: fridge.seq++ });
  const topic = deviceTopic(fridge.serial, 'door-session');
  fridge.client.publish(
    topic,
    JSON.stringify({ ...envelope(), id, state: 'opened', kind: 'customer', opened_at: at - 10_000, customer_token }),
    { qos: 1 },
  );
  const closed = {
    ...envelope(),
    id,
    state: 'closed',
    kind: 'customer',
    opened_at: at - 10_000,
    closed_at: at,
    detections: [{ product_id: product!.id, quantity: 1, source: 'weight', shelf: 1 }],
    customer_token,
  };
  fridge.client.publish(topic, JSON.stringify(closed), { qos: 1 });
  if (measuring) closedAt.set(id, Date.now());
}

const timers = running.map((fridge) => {
  const start = setTimeout(() => {
    session(fridge);
    timers.push(setInterval(() => session(fridge), 1000) as unknown as NodeJS.Timeout);
  }, Math.random() * 1000);
  return start;
});
await new Promise((resolve) => setTimeout(resolve, WARMUP * 1000));
measuring = true;
await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
measuring = false;
for (const timer of timers) {
  clearTimeout(timer);
  clearInterval(timer);
}
// Time for the last sessions to settle.
await new Promise((resolve) => setTimeout(resolve, 5_000));

const ids = [...closedAt.keys()];
const sales: { id: number; doorSessionId: string | null; settledAt: Date | null }[] = [];
for (let i = 0; i < ids.length; i += 1000) {
  sales.push(
    ...(await db
      .select({ id: transactions.id, doorSessionId: transactions.doorSessionId, settledAt: transactions.settledAt })
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
say(`${label}: ${FRIDGES} fridges, one closed session a second each, ${SECONDS} s measured`);
say(
  `sessions closed: ${ids.length} (${(ids.length / SECONDS).toFixed(0)}/s), sales stored: ${sales.length}, paid: ${latencies.length}`,
);
say(
  `door close → captured payment (settled_at): p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`,
);
say(
  `door close → the processing sale announced live: p50 ${percentile(storing, 50).toFixed(0)} ms, p99 ${percentile(storing, 99).toFixed(0)} ms`,
);
await Promise.all(running.map((fridge) => fridge.client.endAsync(true)));
await app.close();
await database.close();
temp?.stop();
process.exit(0);
