import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api } from '@vitrina/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app.js';
import { type Database, openDatabase } from '../../src/db/client.js';
import { TestClock } from '../../src/lib/clock.js';
import { callApi, okApi } from '../api-client.js';
import { EXTERNAL_MQTT_URL, issueToken, TestDevice } from '../device-client.js';
import { insertMicromarket } from '../factories/catalogue.js';
import { createTenant, type Tenant } from '../factories/tenant.js';
import { createTestContext, type TestContext } from '../helper.js';

/**
 * Two server instances on one PostgreSQL database behind one Mosquitto, as two processes
 * would be (each its own pool, broker client and job runner): every command reaches its
 * device exactly once, every device message is handled by one instance, and commands queued
 * while no gateway ran are delivered once when one starts again.
 */
type Instance = { app: App; database: Database; close(): Promise<void> };

let ctx: TestContext;
let tenant: Tenant;
const clock = new TestClock(Date.now());

async function startInstance(): Promise<Instance> {
  const result = await ctx.database.db.execute(sql`select current_database() as name`);
  const [row] = (result as unknown as { rows: { name: string }[] }).rows;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-test-files-'));
  const app = await buildApp({
    database,
    config: { publicUrl: 'http://panel.test', webDist: '/nonexistent', dataDir },
    clock,
    mqtt: { port: 0, host: '127.0.0.1', url: EXTERNAL_MQTT_URL },
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
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
  [a, b] = [await startInstance(), await startInstance()];
});
afterAll(async () => {
  await a.close();
  await b.close();
  await ctx.close();
});

async function newDevice(name: string) {
  const id = await insertMicromarket(ctx.database.db, tenant.org.main, name);
  const credentials = await issueToken(ctx.database.db, id);
  return { id, device: new TestDevice({ url: EXTERNAL_MQTT_URL!, ...credentials }, () => clock.nowMs()) };
}

async function connectionOf(id: number) {
  const result = await ctx.database.db.execute(sql`select connection from micromarkets where id = ${id}`);
  return (result as unknown as { rows: { connection: string }[] }).rows[0]!.connection;
}

const history = (app: App, id: number, token: string) =>
  okApi({ app }, api.deviceCommand.history, { params: { id }, token, query: { per_page: 100 } });

describe('two gateway instances', () => {
  it('deliver each command exactly once and handle each device message once', async () => {
    const { id, device } = await newDevice('Shared');
    const token = await tenant.token('operator');
    const acceptedBefore = a.app.gateway!.stats.accepted + b.app.gateway!.stats.accepted;
    await device.connect();
    await expect.poll(async () => (await history(a.app, id, token)).total).toBe(0);
    // The hello is handled to the end (online, pending commands claimed) before commands are
    // queued: a command queued in between is sent by both, which the protocol allows (the
    // device de-duplicates) but this test counts.
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
    const accepted = a.app.gateway!.stats.accepted + b.app.gateway!.stats.accepted - acceptedBefore;
    expect(accepted).toBe(11);
    await device.close();
  });

  it('delivers commands queued while no gateway ran once, after a restart', async () => {
    const { id, device } = await newDevice('Restart');
    const token = await tenant.token('operator');
    await device.connect();
    await expect.poll(() => connectionOf(id)).toBe('online');
    await a.close();
    await b.close();
    // Queued through an instance without a gateway: nothing publishes it.
    const queued = await callApi(ctx, api.deviceCommand.send, { params: { id }, token, body: { type: 'reboot' } });
    expect(queued.json().command.status).toBe('queued');
    [a, b] = [await startInstance(), await startInstance()];
    await Promise.all([a.app.jobs.scheduleRecurring(), b.app.jobs.scheduleRecurring()]);
    // The command job's next run (recurring, every 10 s) comes round on both instances at once.
    clock.advance(10_000);
    await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue()]);
    await expect.poll(() => device.commands.length).toBe(1);
    expect(device.commands[0]!.id).toBe(queued.json().command.id);
    await device.ack(device.commands[0]!);
    await expect.poll(async () => (await history(a.app, id, token)).items[0]!.status).toBe('acknowledged');
    await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue()]);
    expect(device.commands).toHaveLength(1);
    await device.close();
  });
});
