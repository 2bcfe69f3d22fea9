import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray, isNotNull, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app.js';
import { type Database, openDatabase } from '../../src/db/client.js';
import { doorSessions, transactions } from '../../src/db/schema/index.js';
import { createExternalBroker, type ExternalTransport } from '../../src/gateway/external-broker.js';
import { EXTERNAL_MQTT_URL, issueToken, TestDevice } from '../device-client.js';
import { insertMicromarket } from '../factories/catalogue.js';
import { createTenant, type Tenant } from '../factories/tenant.js';
import { createTestContext, type TestContext } from '../helper.js';
import { endBrokerSessions } from './fault-fridge.js';
import { RecipeBroker } from './mosquitto-recipe.js';

/**
 * Acknowledged means stored with an external broker (DESIGN §10): the one server instance
 * behind the suite's Mosquitto (several need RabbitMQ: docs/device-protocol.md §8), on a
 * PostgreSQL database, with a stable client id and a persistent session of each test's own. A
 * fridge publishes door sessions at QoS 1, and every one the broker acknowledged must be stored
 * exactly once: after the instance was stopped while it published, and after it crashed
 * mid-burst. The instance subscribes plainly, so it also receives the suite's other files'
 * device messages: their serials are unknown here, so they are counted as received, never as
 * accepted. Runs only on PostgreSQL with TEST_MQTT_URL (vitest.config.ts).
 */
type Instance = { app: App; clientId: string; close(): Promise<void>; crash(): Promise<void> };

/** A client id of the test's own: its session (and what it queued) is no other test's. */
const newClientId = () => `proof-${randomUUID().slice(0, 8)}`;
const clientIds = new Set<string>();
/** Instances still running: a failed test's are closed after it, so they take no later test's messages. */
const running = new Set<Instance>();
let ctx: TestContext;
let tenant: Tenant;
/** The recipe's server user, on the transport test's Mosquitto of its own. */
const SERVER_USER = { name: 'vitrina-server-1', password: 'server-secret-1' };
const serverLogin = { username: SERVER_USER.name, password: SERVER_USER.password };

async function startInstance(clientId: string): Promise<Instance> {
  const result = await ctx.database.db.execute(sql`select current_database() as name`);
  const [row] = (result as unknown as { rows: { name: string }[] }).rows;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  const database: Database = await openDatabase({ databaseUrl: url.toString() });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-test-files-'));
  clientIds.add(clientId);
  const app = await buildApp({
    database,
    config: { publicUrl: 'http://panel.test', webDist: '/nonexistent', dataDir },
    mqtt: { port: 0, host: '127.0.0.1', url: EXTERNAL_MQTT_URL, clientId },
  });
  await app.ready();
  const close = async () => {
    running.delete(instance);
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const instance: Instance = {
    app,
    clientId,
    close,
    /**
     * As the broker sees a crash: the connection drops without a DISCONNECT, and no PUBACK is
     * written after that (the PUBACKs still held for messages being stored are never sent), so
     * the broker keeps every message it had not been acknowledged for this session. The app is
     * then closed: what it was storing is stored, as a crash might have done before dying, and
     * its redelivery must then count as a replay.
     */
    async crash() {
      const transport = (app.gateway as unknown as { transport: ExternalTransport }).transport;
      const client = transport.client!;
      client.stream.destroy();
      await client.endAsync(true);
      await close();
    },
  };
  running.add(instance);
  return instance;
}

async function newDevice(name: string) {
  const id = await insertMicromarket(ctx.database.db, tenant.org.main, name);
  const credentials = await issueToken(ctx.database.db, id);
  return { id, device: new TestDevice({ url: EXTERNAL_MQTT_URL!, ...credentials }, Date.now) };
}

/** Visits per test: 24 messages and the hello stay within the replay window of 32 seqs. */
const VISITS = 12;

/** One customer's visit: `opened`, then `closed`, both at QoS 1; resolves when the broker has acknowledged both. */
async function visit(device: TestDevice): Promise<string> {
  const id = randomUUID();
  const at = Date.now();
  await device.send('door-session', { id, state: 'opened', kind: 'customer', opened_at: at });
  await device.send('door-session', {
    id,
    state: 'closed',
    kind: 'customer',
    opened_at: at,
    closed_at: at + 10_000,
    taken_tags: [],
    detections: [],
  });
  return id;
}

/** How many of these sessions are stored closed, and how many sales they made (each at most once by its unique index). */
async function stored(ids: string[]) {
  const db = ctx.database.db;
  const closed = await db
    .select({ id: doorSessions.id })
    .from(doorSessions)
    .where(sql`${inArray(doorSessions.id, ids)} and ${isNotNull(doorSessions.closedAt)}`);
  const sales = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(inArray(transactions.doorSessionId, ids));
  return { sessions: closed.length, sales: sales.length };
}

beforeAll(async () => {
  ctx = await createTestContext();
  tenant = await createTenant(ctx.database.db);
});
afterEach(async () => {
  for (const instance of [...running]) await instance.close();
});
afterAll(async () => {
  // The instances' sessions end with the file.
  await endBrokerSessions(EXTERNAL_MQTT_URL!, [...clientIds]);
  await ctx?.close();
});

describe('the external broker transport', () => {
  it('acknowledges a QoS 1 message once it is processed, handling several side by side', async () => {
    // A Mosquitto of its own (the recipe's): the suite's also carries the other files' device
    // messages, which a plain subscription receives too, and this test counts PUBACKs.
    const fridgeUser = { name: `SN-${randomUUID().slice(0, 8)}`, password: 'fridge-secret' };
    const broker = await RecipeBroker.start([SERVER_USER, fridgeUser]);
    const topic = `vitrina/${fridgeUser.name}/ack`;
    try {
      const transport = createExternalBroker({ url: broker.url, ...serverLogin, clientId: SERVER_USER.name });
      const handed: { topic: string; done: () => void }[] = [];
      await transport.start(
        (message) => new Promise<void>((resolve) => handed.push({ topic: message.topic, done: resolve })),
      );
      const pubacks: number[] = [];
      transport.client!.on('packetsend', (packet) => {
        if (packet.cmd === 'puback') pubacks.push(packet.messageId!);
      });
      const fridge = await mqtt.connectAsync(broker.url, {
        clientId: fridgeUser.name,
        username: fridgeUser.name,
        password: fridgeUser.password,
        reconnectPeriod: 0,
      });
      // The broker acknowledges the fridge's five messages and hands them over at once...
      for (let i = 0; i < 5; i += 1) await fridge.publishAsync(topic, `{"n":${i}}`, { qos: 1 });
      await expect.poll(() => handed.length).toBe(5);
      // ... but none is acknowledged by the server before it is processed.
      expect(pubacks).toEqual([]);
      handed[3]!.done();
      await expect.poll(() => pubacks.length).toBe(1);
      for (const message of handed) message.done();
      await expect.poll(() => pubacks.length).toBe(5);
      // A message whose processing outlives its connection is not acknowledged on the next one:
      // the broker sends it again (the session resumed) and that copy is acknowledged.
      await fridge.publishAsync(topic, '{"n":5}', { qos: 1 });
      await expect.poll(() => handed.length).toBe(6);
      transport.client!.stream.destroy();
      await expect.poll(() => transport.client!.connected, { timeout: 10_000 }).toBe(false);
      await expect.poll(() => handed.length, { timeout: 10_000 }).toBe(7);
      expect(handed[6]!.topic).toBe(topic);
      handed[5]!.done();
      // Its processing has answered (the callbacks of a resolved promise run before the next turn of the event loop).
      await new Promise((resolve) => setImmediate(resolve));
      expect(pubacks).toHaveLength(5);
      handed[6]!.done();
      await expect.poll(() => pubacks.length).toBe(6);
      await fridge.endAsync();
      await transport.close();
    } finally {
      await broker.remove();
    }
  });
});

describe('external broker sessions', () => {
  it('store once what a fridge published while the instance was down', async () => {
    const clientId = newClientId();
    let a = await startInstance(clientId);
    const { device } = await newDevice('Instance down');
    await device.connect();
    await expect.poll(() => a.app.gateway!.stats.accepted).toBe(1);
    await a.close();
    // Nothing of the server is running: the broker acknowledges the fridge and keeps the messages.
    const ids: string[] = [];
    for (let i = 0; i < VISITS; i += 1) ids.push(await visit(device));
    expect(await stored(ids)).toEqual({ sessions: 0, sales: 0 });
    // The instance starts again under its client id: it resumes its session and gets what waited there.
    a = await startInstance(clientId);
    await expect
      .poll(() => stored(ids), { timeout: 20_000 })
      .toEqual({ sessions: VISITS, sales: VISITS })
      .catch((error: Error) => {
        throw new Error(
          `${error.message}\nthe instance's counters: ${JSON.stringify(a.app.gateway!.stats.snapshot())}`,
        );
      });
    // Each opened and closed handled once: none came twice, none is missing.
    expect(a.app.gateway!.stats.accepted).toBe(2 * VISITS);
    await device.close();
    await a.close();
  });

  it('store once what a fridge published while the instance crashed mid-burst', async () => {
    const clientId = newClientId();
    let a = await startInstance(clientId);
    const crashed = a.app.gateway!.stats;
    const { device } = await newDevice('Instance crashes');
    await device.connect();
    await expect.poll(() => crashed.accepted).toBe(1);
    // Half the burst, published without waiting (up to the broker's in-flight window at a time).
    const burst = Array.from({ length: VISITS / 2 }, () => visit(device));
    // The instance dies once it has started on the burst, with messages still in flight...
    await expect.poll(() => crashed.accepted, { interval: 5 }).toBeGreaterThanOrEqual(3);
    await a.crash();
    // ... and the fridge publishes the other half while it is dead: it waits in its session.
    for (let i = 0; i < VISITS / 2; i += 1) burst.push(visit(device));
    const ids = await Promise.all(burst);
    a = await startInstance(clientId);
    await expect.poll(() => stored(ids), { timeout: 20_000 }).toEqual({ sessions: VISITS, sales: VISITS });
    await a.app.gateway!.settle();
    expect(await stored(ids)).toEqual({ sessions: VISITS, sales: VISITS });
    // The session kept what the crash left for it, and every message was handled once between
    // the two lives (the hello, then each opened and closed): what the crash left unacknowledged
    // came again and was refused as a replay.
    expect(a.app.gateway!.stats.accepted).toBeGreaterThan(0);
    expect(crashed.accepted + a.app.gateway!.stats.accepted).toBe(1 + 2 * VISITS);
    await device.close();
    await a.close();
  });
});
