import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api, deviceTopic } from '@vitrina/contract';
import amqp from 'amqplib';
import { eq, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TempRabbitmq } from '../../../../scripts/temp-rabbitmq.mjs';
import { type App, buildApp } from '../../src/app.js';
import { type Database, openDatabase } from '../../src/db/client.js';
import { micromarkets, organizations } from '../../src/db/schema/index.js';
import { TestClock } from '../../src/lib/clock.js';
import { callApi, okApi } from '../api-client.js';
import { connectFails, issueToken, TestDevice } from '../device-client.js';
import { insertMicromarket } from '../factories/catalogue.js';
import { createTenant, type Tenant } from '../factories/tenant.js';
import { createTestContext, type TestContext } from '../helper.js';
import { AuthFront, startRecipeRabbitmq } from '../stand-ins/rabbitmq-node.js';

/**
 * Two server instances on one PostgreSQL database behind one RabbitMQ node on the recipe
 * (docs/rabbitmq), as two processes would be (each its own pool, AMQP connection and job
 * runner): every command reaches its device exactly once, every device message is handled by
 * one instance, devices log in with what Vitrina says and reach only their own topics, and a
 * revoked device is shut out at once. PostgreSQL with TEST_RABBITMQ only (vitest.config.ts).
 */
type Instance = { app: App; database: Database; close(): Promise<void> };

let ctx: TestContext;
let tenant: Tenant;
let broker: TempRabbitmq;
const front = new AuthFront();
const clock = new TestClock(Date.now());

async function databaseUrl(): Promise<string> {
  const result = await ctx.database.db.execute(sql`select current_database() as name`);
  const [row] = (result as unknown as { rows: { name: string }[] }).rows;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  return url.toString();
}

async function startInstance(): Promise<Instance> {
  const database = await openDatabase({ databaseUrl: await databaseUrl() });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-test-files-'));
  const app = await buildApp({
    database,
    config: { publicUrl: 'http://panel.test', webDist: '/nonexistent', dataDir },
    clock,
    mqtt: {
      port: 0,
      host: '127.0.0.1',
      rabbitmq: { amqpUrl: broker.amqpUrl, managementUrl: broker.managementUrl },
    },
  });
  await app.ready();
  front.targets.add(app);
  return {
    app,
    database,
    async close() {
      front.targets.delete(app);
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let a: Instance;
let b: Instance;
beforeAll(async () => {
  ctx = await createTestContext();
  tenant = await createTenant(ctx.database.db);
  broker = await startRecipeRabbitmq(front);
  [a, b] = [await startInstance(), await startInstance()];
}, 120_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await broker?.close();
  await front.close();
  await ctx?.close();
});

async function newDevice(name: string) {
  const id = await insertMicromarket(ctx.database.db, tenant.org.main, name);
  const credentials = await issueToken(ctx.database.db, id);
  return {
    id,
    ...credentials,
    device: new TestDevice({ url: broker.mqttUrl, ...credentials }, () => clock.nowMs()),
  };
}

async function connectionOf(id: number) {
  const result = await ctx.database.db.execute(sql`select connection from micromarkets where id = ${id}`);
  return (result as unknown as { rows: { connection: string }[] }).rows[0]!.connection;
}

const history = (app: App, id: number, token: string) =>
  okApi({ app }, api.deviceCommand.history, { params: { id }, token, query: { per_page: 100 } });

const accepted = () => a.app.gateway!.stats.accepted + b.app.gateway!.stats.accepted;

describe('two instances behind RabbitMQ', { timeout: 60_000 }, () => {
  it('deliver each command exactly once and handle each device message once', async () => {
    const { id, device } = await newDevice('Shared');
    const token = await tenant.token('operator');
    const acceptedBefore = accepted();
    await device.connect();
    await expect.poll(() => connectionOf(id)).toBe('online');
    await Promise.all([a.app.gateway!.settle(), b.app.gateway!.settle()]);
    const sent: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const app = i % 2 === 0 ? a.app : b.app;
      const response = await callApi({ app }, api.deviceCommand.send, {
        params: { id },
        token,
        body: { type: 'calibrate_shelf', shelf: 1 + (i % 4) },
      });
      expect(response.statusCode).toBe(200);
      sent.push(response.json().command.id);
    }
    await expect.poll(() => device.commands.length, { timeout: 10_000 }).toBe(10);
    for (const command of [...device.commands]) await device.ack(command, { weight_grams: 0 });
    await expect
      .poll(async () => (await history(b.app, id, token)).items.filter((c) => c.status === 'acknowledged').length)
      .toBe(10);
    // Both job runners look for commands to re-send, long after: nothing is sent again.
    clock.advance(60_000);
    await Promise.all([a.app.jobs.scheduleRecurring(), b.app.jobs.scheduleRecurring()]);
    await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue()]);
    await Promise.all([a.app.gateway!.settle(), b.app.gateway!.settle()]);
    expect(device.commands.map((command) => command.id).sort()).toEqual([...sent].sort());
    // hello + 10 acks, each handled by exactly one of the two instances.
    await expect.poll(() => accepted() - acceptedBefore).toBe(11);
    await device.close();
  });

  it('refuses to start on definitions without its queues, saying which to load', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-test-files-'));
    const database = await openDatabase({ databaseUrl: await databaseUrl() });
    try {
      const app = await buildApp({
        database,
        config: { publicUrl: 'http://panel.test', webDist: '/nonexistent', dataDir },
        clock,
        mqtt: {
          port: 0,
          host: '127.0.0.1',
          // Two shards, where the recipe declares one.
          rabbitmq: { amqpUrl: broker.amqpUrl, managementUrl: broker.managementUrl, uplinkQueues: 2 },
        },
      });
      await expect(app.ready()).rejects.toThrow(
        'RabbitMQ has no queue vitrina.uplink.1 in this vhost: load docs/rabbitmq/definitions.json',
      );
      await app.close().catch(() => {});
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('lets a device in only with its own serial, token and client id', async () => {
    const { serial, token } = await newDevice('Logins');
    expect(await connectFails(broker.mqttUrl, serial, 'not-the-token')).not.toBeNull();
    expect(await connectFails(broker.mqttUrl, 'SN-unknown', token)).not.toBeNull();
    expect(await connectFails(broker.mqttUrl, serial, token)).toBeNull();
    // Its own credentials under another serial's client id would take over that device's session.
    const other = await newDevice('Logins, the other');
    const hijack = await mqtt
      .connectAsync(broker.mqttUrl, {
        clientId: other.serial,
        username: serial,
        password: token,
        reconnectPeriod: 0,
        connectTimeout: 5_000,
      })
      .then(
        async (client) => {
          await client.endAsync(true);
          return null;
        },
        (error: Error) => error,
      );
    expect(hijack).not.toBeNull();
    // The servers' AMQP port does not take a device's credentials (no client id: refused).
    const amqpUrl = new URL(broker.amqpUrl);
    amqpUrl.username = serial;
    amqpUrl.password = token;
    await expect(amqp.connect(amqpUrl.toString())).rejects.toThrow();
  });

  it('refuses a device another device’s topics, every wildcard and shared subscription, and loses nothing', async () => {
    const honest = await newDevice('Honest');
    const rogue = await newDevice('Rogue');
    await honest.device.connect();
    await expect.poll(() => connectionOf(honest.id)).toBe('online');
    for (const filter of [
      deviceTopic(honest.serial, 'commands'),
      `vitrina/${honest.serial}/hello`,
      'vitrina/+/door-session',
      '#',
      `$share/vitrina/vitrina/+/hello`,
      `$share/x/#`,
    ]) {
      const client = await mqtt.connectAsync(broker.mqttUrl, {
        clientId: rogue.serial,
        username: rogue.serial,
        password: rogue.token,
        reconnectPeriod: 0,
        connectTimeout: 5_000,
      });
      // RabbitMQ 3.10 answers a refused SUBSCRIBE by closing the connection.
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      const outcome = await client.subscribeAsync(filter, { qos: 1 }).then(
        (granted) => granted.map((grant) => grant.qos),
        (error: Error) => error.message,
      );
      await closed;
      expect(outcome, filter).not.toEqual([1]);
      await client.endAsync(true);
    }
    // Publishing on another serial's topic is refused the same way: nothing reaches the servers.
    const before = accepted();
    const client = await mqtt.connectAsync(broker.mqttUrl, {
      clientId: rogue.serial,
      username: rogue.serial,
      password: rogue.token,
      reconnectPeriod: 0,
    });
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(`vitrina/${honest.serial}/commands`, JSON.stringify({ forged: true }), { qos: 1 });
    client.publish(`vitrina/${honest.serial}/door-session`, JSON.stringify({ forged: true }), { qos: 1 });
    await closed;
    await client.endAsync(true);
    // The honest device's messages all arrive and are stored.
    for (let i = 0; i < 5; i++) await honest.device.send('hello', { firmware: '2.4.1', platform: 'vf-rfid-2' });
    await expect.poll(() => accepted() - before).toBe(5);
    expect(honest.device.commands).toEqual([]);
    await honest.device.close();
  });

  it('shuts a revoked device out: its live connection closed within seconds, its next login refused', async () => {
    const token = await tenant.token('operator');
    const cases: { name: string; revoke: (id: number) => Promise<unknown> }[] = [
      {
        name: 'token rotated in the panel',
        revoke: (id) => okApi({ app: b.app }, api.micromarket.rotateToken, { params: { id }, token }),
      },
      {
        name: 'micromarket deactivated',
        revoke: (id) => ctx.database.db.update(micromarkets).set({ active: false }).where(eq(micromarkets.id, id)),
      },
    ];
    for (const { name, revoke } of cases) {
      const { id, serial, token: deviceToken, device } = await newDevice(`Revoked: ${name}`);
      await device.connect();
      await expect.poll(() => connectionOf(id)).toBe('online');
      const closed = new Promise<void>((resolve) => device.client!.once('close', () => resolve()));
      const revokedAt = Date.now();
      await revoke(id);
      await closed;
      expect(Date.now() - revokedAt, name).toBeLessThan(10_000);
      expect(await connectFails(broker.mqttUrl, serial, deviceToken), name).not.toBeNull();
    }
  });

  it('shuts out every fridge of a deactivated organisation', async () => {
    const other = await createTenant(ctx.database.db);
    const id = await insertMicromarket(ctx.database.db, other.org.main, 'Deactivated organisation');
    const credentials = await issueToken(ctx.database.db, id);
    const device = new TestDevice({ url: broker.mqttUrl, ...credentials }, () => clock.nowMs());
    await device.connect();
    await expect.poll(() => connectionOf(id)).toBe('online');
    const closed = new Promise<void>((resolve) => device.client!.once('close', () => resolve()));
    await ctx.database.db.update(organizations).set({ active: false }).where(eq(organizations.id, other.org.main));
    await closed;
    expect(await connectFails(broker.mqttUrl, credentials.serial, credentials.token)).not.toBeNull();
  });
});
