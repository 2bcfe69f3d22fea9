import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEVICE_UPLINK_CHANNELS } from '@vitrina/contract';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app.js';
import type { ExternalTransport } from '../../src/gateway/external-broker.js';
import { EXTERNAL_MQTT_URL, issueToken, TestDevice } from '../device-client.js';
import { insertMicromarket } from '../factories/catalogue.js';
import { createTenant, type Tenant } from '../factories/tenant.js';
import { createTestContext, type TestContext } from '../helper.js';
import { cleanUp, exited, type Started, startBrokerServer } from '../server-process.js';
import { auditFridge, CLEAN, Fridge, random, stopInstances } from './fault-fridge.js';
import { type BrokerUser, RecipeBroker } from './mosquitto-recipe.js';

/**
 * Acknowledged means stored behind Mosquitto, the one server instance it serves
 * (docs/device-protocol.md §8), through what goes wrong in production, each checked by the same
 * audit: every `closed` a broker acknowledged to the fridge is a stored, closed sale, exactly
 * once, none left at status 0.
 * - Mosquitto on the recipe's configuration (docs/mosquitto, persistence on) is restarted by its
 *   service manager while the server is down, and again in the middle of a burst while it runs.
 * - The real server process is killed with SIGKILL mid-burst and started again under its client id.
 * The fridge is firmware-like (fault-fridge.ts): it keeps what was not acknowledged and sends it
 * again on its next connection. Runs only on PostgreSQL with TEST_MQTT_URL (vitest.config.ts).
 */
const seed = Number(process.env.FAULT_SEED ?? Math.floor(Math.random() * 2 ** 31));
const next = random(seed);
const SERVER: BrokerUser = { name: 'vitrina-server-1', password: 'server-secret-1' };
let ctx: TestContext;
let tenant: Tenant;
const apps = new Set<App>();
const folders: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  tenant = await createTenant(ctx.database.db);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  cleanUp();
  await ctx?.close();
});

async function newFridge(name: string, onAck: () => void = () => {}) {
  const id = await insertMicromarket(ctx.database.db, tenant.org.main, name);
  const { serial, token } = await issueToken(ctx.database.db, id);
  return { fridge: new Fridge(serial, token, onAck), user: { name: serial, password: token } };
}

/** The test's database, as a URL another client (an app, a server process) can open. */
async function databaseUrl(): Promise<string> {
  const result = await ctx.database.db.execute(sql`select current_database() as name`);
  const [row] = (result as unknown as { rows: { name: string }[] }).rows;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  return url.toString();
}

/** The server in this process, the recipe's server user: its user is its client id, its session persistent. */
async function startApp(url: string): Promise<App> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-faults-'));
  folders.push(dataDir);
  const app = await buildApp({
    database: ctx.database,
    config: { publicUrl: 'http://panel.test', webDist: '/nonexistent', dataDir },
    mqtt: {
      port: 0,
      host: '127.0.0.1',
      url,
      username: SERVER.name,
      password: SERVER.password,
      clientId: SERVER.name,
    },
  });
  await app.ready();
  apps.add(app);
  return app;
}

async function stopApp(app: App): Promise<void> {
  apps.delete(app);
  await app.close();
}

/** Sends sessions until `count` are sent and every message is acknowledged; false if the connection died first. */
async function burst(fridge: Fridge, count: number): Promise<boolean> {
  while (fridge.sessions < count || fridge.pendingClose) {
    if (!(await fridge.sendNext())) return false;
  }
  return fridge.drained();
}

const audit = (fridge: Fridge) => auditFridge(ctx.database.db, fridge);

describe('Mosquitto restarted, on the recipe’s persistence', { timeout: 90_000 }, () => {
  it('keeps what it acknowledged while the server was down, across its restart', async () => {
    const { fridge, user } = await newFridge('Broker restart, server down');
    const broker = await RecipeBroker.start([SERVER, user]);
    try {
      // The instance has its session and subscriptions with the broker, then goes down for a deploy.
      await stopApp(await startApp(broker.url));
      // The fridge sells meanwhile: the broker acknowledges every message and queues it in that session.
      await fridge.connect(broker.url);
      expect(await burst(fridge, 15)).toBe(true);
      await fridge.close();
      expect(fridge.acknowledgedCloses.size).toBe(15);
      expect(await audit(fridge)).toMatchObject({ missing: 15 });
      // The broker is restarted (an upgrade, a reboot), then the instance comes back.
      await broker.stop();
      await broker.run();
      await startApp(broker.url);
      await expect.poll(() => audit(fridge), { timeout: 30_000 }).toEqual(CLEAN);
    } finally {
      await broker.remove();
    }
  });

  it('stores every acknowledged session once when it restarts mid-burst under a running server', async () => {
    let acks = 0;
    const restartAfter = 5 + Math.floor(next() * 30);
    let restarting: Promise<void> | null = null;
    let broker: RecipeBroker | null = null;
    const { fridge, user } = await newFridge('Broker restart mid-burst', () => {
      acks += 1;
      if (acks === restartAfter) restarting = broker!.stop();
    });
    broker = await RecipeBroker.start([SERVER, user]);
    try {
      const app = await startApp(broker.url);
      await fridge.connect(broker.url);
      const restarted = await burst(fridge, 40);
      // The broker stopped mid-burst: it comes back, the server reconnects on its own (mqtt.js
      // retries every second) and the fridge sends what it had not been acknowledged.
      expect(restarted, `seed ${seed}: the restart came after the burst`).toBe(false);
      await fridge.close();
      await restarting;
      await broker.run();
      await fridge.connect(broker.url);
      expect(await burst(fridge, 40)).toBe(true);
      await fridge.close();
      expect(fridge.acknowledgedCloses.size).toBe(40);
      await expect
        .poll(() => audit(fridge), { timeout: 30_000 })
        .toEqual(CLEAN)
        .catch((error: Error) => {
          const client = (app.gateway as unknown as { transport: ExternalTransport }).transport.client;
          throw new Error(
            `seed ${seed}, restart after ${restartAfter} acks: ${error.message}\n` +
              `the server's counters: ${JSON.stringify(app.gateway!.stats.snapshot())}, connected: ${client?.connected}`,
          );
        });
    } finally {
      await broker.remove();
    }
  });
});

/**
 * What the broker's copy of the server's session holds before the server starts: no
 * subscription Mosquitto writes to mosquitto.db, so a crash restores the session without them.
 * - `shared`: the session an instance kept from the shared group of the several-instances setup
 *   before issue 35; Mosquitto 2.0 never writes `$share/…` subscriptions to mosquitto.db
 *   (docs/device-protocol.md §8, measured with 2.0.11).
 * - `none`: a session saved while it held no subscription yet: a start that died between its
 *   CONNECT and its SUBSCRIBE, or an autosave that fell between the two.
 */
const SAVED_SESSIONS = {
  async shared(url: string) {
    const client = await serverClient(url);
    await client.subscribeAsync(
      DEVICE_UPLINK_CHANNELS.map((channel) => `$share/vitrina/vitrina/+/${channel}`),
      { qos: 1 },
    );
    await client.endAsync();
  },
  async none(url: string) {
    await (await serverClient(url)).endAsync();
  },
};

/** A connection under the server's user (so its client id) and with its persistent session, as the transport makes. */
const serverClient = (url: string) =>
  mqtt.connectAsync(url, {
    protocolVersion: 5,
    username: SERVER.name,
    password: SERVER.password,
    clientId: SERVER.name,
    clean: false,
    properties: { sessionExpiryInterval: 86_400 },
    reconnectPeriod: 0,
  });

describe('Mosquitto restored the server’s session without its subscriptions', { timeout: 90_000 }, () => {
  /**
   * The broker's copy of the session (mosquitto.db, saved) holds no subscription, the server
   * subscribes, and Mosquitto crashes before its next save (SIGKILL): restarted, it answers the
   * server's reconnection with session present and holds none of its subscriptions. mqtt.js
   * re-subscribes by itself only when no session is present, and drops a SUBSCRIBE of topics it
   * thinks the session holds, so without the transport's own subscription at every connection
   * the broker would acknowledge every device message and route it to nobody.
   */
  it.each(Object.keys(SAVED_SESSIONS) as (keyof typeof SAVED_SESSIONS)[])(
    'subscribes again after the crash and stores every session acknowledged after that, once (saved session: %s)',
    async (saved) => {
      const { fridge, user } = await newFridge(`Session restored without subscriptions (${saved})`);
      const probeId = await insertMicromarket(ctx.database.db, tenant.org.main, `Probe (${saved})`);
      const probeCredentials = await issueToken(ctx.database.db, probeId);
      const broker = await RecipeBroker.start([
        SERVER,
        user,
        { name: probeCredentials.serial, password: probeCredentials.token },
      ]);
      try {
        await SAVED_SESSIONS[saved](broker.url);
        await broker.save();
        const app = await startApp(broker.url);
        const stats = app.gateway!.stats;
        const client = (app.gateway as unknown as { transport: ExternalTransport }).transport.client!;
        const probe = new TestDevice({ url: broker.url, ...probeCredentials }, Date.now);
        await probe.connect();
        // Subscribed: the probe's hello is stored.
        await expect.poll(() => stats.accepted).toBe(1);
        await probe.close();
        const reconnected = new Promise<boolean>((resolve) => {
          client.once('connect', (connack) => resolve(connack.sessionPresent));
        });
        await broker.crash();
        await broker.run();
        // The broker says the session is there (so mqtt.js would not re-subscribe by itself).
        expect(await reconnected).toBe(true);
        // Until the server has subscribed again, what devices publish is acknowledged and routed
        // to nobody: a probe is sent until one is stored, and the fridge sells only after that.
        await probe.connect({ hello: false });
        const before = stats.accepted;
        await expect
          .poll(
            async () => {
              await probe.send('hello', { firmware: '2.4.1', platform: 'vf-rfid-2' });
              return stats.accepted;
            },
            { timeout: 15_000, interval: 250 },
          )
          .toBeGreaterThan(before)
          .catch((error: Error) => {
            throw new Error(
              `the server never subscribed again after the crash: ${error.message}\n` +
                `its counters: ${JSON.stringify(stats.snapshot())}, connected: ${client.connected}`,
            );
          });
        await probe.close();
        await fridge.connect(broker.url);
        expect(await burst(fridge, 30)).toBe(true);
        await fridge.close();
        expect(fridge.acknowledgedCloses.size).toBe(30);
        await expect.poll(() => audit(fridge), { timeout: 30_000 }).toEqual(CLEAN);
      } finally {
        await broker.remove();
      }
    },
  );
});

describe('the server process killed', { timeout: 150_000 }, () => {
  it('stores every acknowledged session once when the server is killed with SIGKILL mid-burst and started again', async () => {
    const url = EXTERNAL_MQTT_URL!;
    const clientId = `kill-${randomUUID().slice(0, 8)}`;
    const database = await databaseUrl();
    // On the test's database and the suite's broker, under a stable client id of the test's own.
    const start = () => startBrokerServer({ databaseUrl: database, mqttUrl: url, clientId });
    let server: Started = await start();
    const killAfter = 5 + Math.floor(next() * 25);
    let acks = 0;
    const { fridge } = await newFridge('Server killed', () => {
      acks += 1;
      if (acks === killAfter) server.child.kill('SIGKILL');
    });
    try {
      await fridge.connect(url);
      // The fridge goes on selling while the server is dead: the broker acknowledges and keeps it in the session.
      expect(await burst(fridge, 40)).toBe(true);
      await exited(server.child);
      expect(fridge.acknowledgedCloses.size).toBe(40);
      // Started again under its client id, it resumes its session: what the kill left unacknowledged
      // and what came meanwhile are stored, once.
      server = await start();
      await expect
        .poll(() => audit(fridge), { timeout: 60_000 })
        .toEqual(CLEAN)
        .catch((error: Error) => {
          throw new Error(`seed ${seed}, kill after ${killAfter} acks: ${error.message}`);
        });
    } finally {
      await fridge.close();
      await stopInstances([server], url, [clientId]);
    }
  });
});
