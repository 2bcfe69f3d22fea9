import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deviceTopic } from '@vitrina/contract';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app.js';
import type { ExternalTransport } from '../../src/gateway/external-broker.js';
import { issueToken, TestDevice } from '../device-client.js';
import { insertMicromarket } from '../factories/catalogue.js';
import { createTenant } from '../factories/tenant.js';
import { auditFridge, CLEAN, Fridge } from '../faults/fault-fridge.js';
import { RecipeBroker } from '../faults/mosquitto-recipe.js';
import { createTestContext, type TestContext } from '../helper.js';

/**
 * The production setup docs/device-protocol.md §8 gives for Mosquitto, tried for real
 * (mosquitto-recipe.ts): its password file and ACL against the attacks a fridge's token could try. Runs only
 * with TEST_MQTT_URL (vitest.config.ts): in `npm test`, the PostgreSQL suite.
 */
/** The server's user in the recipe's ACL. */
const SERVER_USER = { name: 'vitrina-server-1', password: 'server-secret-1' };
type Device = { id: number; serial: string; token: string };
let dataDir: string;
let broker: RecipeBroker | undefined;
let url: string;
let ctx: TestContext;
let app: App;
let a: Device;
let b: Device;
/** The fridges that sell while a rogue holds its subscriptions, one per case: each boots once (fault-fridge.ts). */
const sellers = {} as Record<4 | 5, Device>;

beforeAll(async () => {
  ctx = await createTestContext();
  const tenant = await createTenant(ctx.database.db);
  const device = async (name: string): Promise<Device> => {
    const id = await insertMicromarket(ctx.database.db, tenant.org.main, name);
    return { id, ...(await issueToken(ctx.database.db, id)) };
  };
  a = await device('ACL fridge A');
  b = await device('ACL fridge B');
  sellers[4] = await device('ACL seller, MQTT 3.1.1 rogue');
  sellers[5] = await device('ACL seller, MQTT 5 rogue');
  broker = await RecipeBroker.start([
    SERVER_USER,
    ...[a, b, sellers[4], sellers[5]].map((device) => ({ name: device.serial, password: device.token })),
  ]);
  url = broker.url;
  // The server on the same database, as a client of the broker with its own user.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-acl-app-'));
  app = await buildApp({
    database: ctx.database,
    config: { publicUrl: 'http://panel.test', webDist: '/nonexistent', dataDir },
    mqtt: { port: 0, host: '127.0.0.1', url, username: SERVER_USER.name, password: SERVER_USER.password },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
  await broker?.remove();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * A command as the server publishes it, on the app's own connection (its user is the only server
 * user of the recipe: a second connection under it would take over the app's session).
 */
const publishCommand = (serial: string, body: Record<string, unknown>) =>
  (app.gateway as unknown as { transport: ExternalTransport }).transport.publish(
    deviceTopic(serial, 'commands'),
    JSON.stringify(body),
    1,
  );

/** Each fridge made here boots anew: the tests run in any order, and a second boot 1 would be a replay. */
let boots = 0;
const fridge = (device: Device, token = device.token) =>
  new TestDevice({ url, serial: device.serial, token, boot: ++boots }, Date.now);

describe('Mosquitto with the documented password file and ACL', () => {
  it('lets a fridge in with its serial and token, and the server receives its messages', async () => {
    const device = fridge(a);
    const accepted = app.gateway!.stats.accepted;
    await device.connect();
    await expect.poll(() => app.gateway!.stats.accepted, { timeout: 10_000 }).toBeGreaterThan(accepted);
    await device.close();
  });

  it('refuses a fridge with a wrong token at CONNECT', async () => {
    await expect(fridge(a, 'not-the-token').connect()).rejects.toThrow(/Not authorized|Bad username or password/i);
  });

  it('drops what a fridge publishes on another serial’s topics, and keeps it off their commands', async () => {
    const client = await mqtt.connectAsync(url, {
      clientId: a.serial,
      username: a.serial,
      password: a.token,
      reconnectPeriod: 0,
    });
    // A may ask for B's commands, but the broker delivers them to B alone.
    const seenByA: string[] = [];
    client.on('message', (topic) => seenByA.push(topic));
    await client.subscribeAsync(deviceTopic(b.serial, 'commands'), { qos: 1 });
    const deviceB = fridge(b);
    await deviceB.connect();
    await publishCommand(b.serial, { probe: true });
    await expect.poll(() => deviceB.commands.length, { timeout: 10_000 }).toBe(1);
    expect(seenByA).toEqual([]);
    await deviceB.close();
    // A message on B's topic never reaches the server; one on A's own topic after it does.
    const received = app.gateway!.stats.received;
    await client.publishAsync(deviceTopic(b.serial, 'telemetry'), JSON.stringify({ forged: true }), { qos: 1 });
    await client.publishAsync(deviceTopic(a.serial, 'telemetry'), JSON.stringify({ marker: true }), { qos: 1 });
    await expect.poll(() => app.gateway!.stats.received, { timeout: 10_000 }).toBe(received + 1);
    await client.endAsync();
  });

  it('keeps a fridge connected when another fridge’s credentials connect with its client id', async () => {
    const victim = fridge(b);
    const before = app.gateway!.stats.accepted;
    await victim.connect();
    // Its hello reaches the server through the broker after the CONNECT returns: counted first.
    await expect.poll(() => app.gateway!.stats.accepted, { timeout: 10_000 }).toBe(before + 1);
    let closed = 0;
    victim.client!.on('close', () => {
      closed += 1;
    });
    // VT-A's serial and token, VT-B's client id: without use_username_as_clientid Mosquitto
    // would end VT-B's connection and hand its session (and its commands) to the intruder.
    const intruder = await mqtt.connectAsync(url, {
      clientId: b.serial,
      username: a.serial,
      password: a.token,
      clean: false,
      reconnectPeriod: 0,
    });
    const intruderCommands: string[] = [];
    intruder.on('message', (topic) => intruderCommands.push(topic));
    // The real VT-B still talks to the server and still gets its commands; the intruder gets none.
    const accepted = app.gateway!.stats.accepted;
    await victim.send('heartbeat', { firmware: '2.4.1' });
    await expect.poll(() => app.gateway!.stats.accepted, { timeout: 10_000 }).toBe(accepted + 1);
    await publishCommand(b.serial, { probe: 'takeover' });
    // Only this probe matters: a session the broker kept for VT-B may hand it an earlier test's command too.
    await expect.poll(() => victim.commands, { timeout: 10_000 }).toContainEqual({ probe: 'takeover' });
    expect(victim.client!.connected).toBe(true);
    expect(closed).toBe(0);
    expect(intruderCommands).toEqual([]);
    await intruder.endAsync();
    await victim.close();
  });

  it('refuses a fridge’s publish to its own commands topic', async () => {
    const device = fridge(a);
    await device.connect();
    // A forged command, at QoS 1, on the topic the fridge itself subscribes to...
    await device.publishRaw('commands', JSON.stringify({ forged: true }));
    // ... is never delivered; the server's real command that follows it is.
    await publishCommand(a.serial, { probe: 'real' });
    await expect.poll(() => device.commands.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(device.commands).toEqual([{ probe: 'real' }]);
    await device.close();
  });

  /**
   * Mosquitto 2.0's ACL file never checks a SUBSCRIBE (src/security_default.c: "FIXME - implement
   * ACL subscription strings", 2.0.11 to 2.0.20), `deny` lines included: the broker grants these
   * filters (measured with 2.0.11, SUBACK QoS 1, MQTT 3.1.1 and 5 alike). What reaches the device
   * is checked message by message against its `read` lines, and the server subscribes plainly,
   * not in a group a device could join: the rogue receives nothing but its own commands, and the
   * server stores every session another fridge sells meanwhile.
   */
  it.each([4, 5] as const)(
    'gives a fridge’s shared and # subscriptions nothing and takes nothing from the server (MQTT %s)',
    async (protocolVersion) => {
      const rogue = await mqtt.connectAsync(url, {
        protocolVersion,
        clientId: a.serial,
        username: a.serial,
        password: a.token,
        reconnectPeriod: 0,
      });
      const seenByRogue: string[] = [];
      rogue.on('message', (topic) => seenByRogue.push(topic));
      const filters = ['$share/vitrina/vitrina/+/hello', '$share/vitrina/vitrina/+/door-session', '$share/x/#', '#'];
      const grants = await rogue.subscribeAsync(filters, { qos: 1 });
      expect(grants.map((grant) => [grant.topic, grant.qos])).toEqual(filters.map((filter) => [filter, 1]));
      // Another fridge sells while the rogue holds them: every session is stored once.
      const seller = new Fridge(sellers[protocolVersion].serial, sellers[protocolVersion].token, () => {});
      await seller.connect(url);
      while (seller.sessions < 20 || seller.pendingClose) expect(await seller.sendNext()).toBe(true);
      expect(await seller.drained()).toBe(true);
      await seller.close();
      expect(seller.acknowledgedCloses.size).toBe(20);
      await expect.poll(() => auditFridge(ctx.database.db, seller), { timeout: 10_000 }).toEqual(CLEAN);
      // The rogue's own command comes after all of that on its connection (one connection, in
      // order): by then anything of the seller's it was given would have come too.
      await publishCommand(a.serial, { probe: `rogue-${protocolVersion}` });
      await expect.poll(() => seenByRogue.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(new Set(seenByRogue)).toEqual(new Set([deviceTopic(a.serial, 'commands')]));
      await rogue.endAsync();
    },
  );
});
