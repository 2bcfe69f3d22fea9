import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { deviceTopic } from '@vitrina/contract';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { issueToken, TestDevice } from './device-client.js';
import { insertMicromarket } from './factories/catalogue.js';
import { createTenant } from './factories/tenant.js';
import { createTestContext, type TestContext } from './helper.js';

/**
 * The production setup docs/device-protocol.md §8 gives for Mosquitto, tried for real: a
 * password file with one user per serial (its token is the password) and the server's own
 * user, and an ACL file with the two pattern rules. Runs only with TEST_MQTT_URL (vitest.config.ts):
 * in `npm test`, the PostgreSQL suite, beside Debian's mosquitto and mosquitto_passwd.
 */
const SERVER_USER = { name: 'vitrina-server', password: 'server-secret-1' };
type Device = { id: number; serial: string; token: string };
let dir: string;
let broker: ChildProcess | undefined;
let url: string;
let ctx: TestContext;
let app: App;
let a: Device;
let b: Device;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

async function startBroker(devices: Device[]): Promise<string> {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-acl-'));
  // Started as root, Mosquitto runs as its own user: it must be able to read what is written here.
  fs.chmodSync(dir, 0o755);
  const passwords = path.join(dir, 'passwd');
  fs.writeFileSync(passwords, '');
  const users: [string, string][] = [
    [SERVER_USER.name, SERVER_USER.password],
    ...devices.map((device): [string, string] => [device.serial, device.token]),
  ];
  for (const [user, password] of users) execFileSync('mosquitto_passwd', ['-b', passwords, user, password]);
  const acl = path.join(dir, 'acl');
  fs.writeFileSync(
    acl,
    [
      `user ${SERVER_USER.name}`,
      'topic read vitrina/#',
      'topic write vitrina/+/commands',
      '',
      'pattern write vitrina/%u/+',
      'pattern read vitrina/%u/commands',
      '',
    ].join('\n'),
  );
  const port = await freePort();
  const config = path.join(dir, 'mosquitto.conf');
  fs.writeFileSync(
    config,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      `password_file ${passwords}`,
      `acl_file ${acl}`,
      'persistence false',
      'log_dest none',
      '',
    ].join('\n'),
  );
  const bin = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto'].find((file) => fs.existsSync(file)) ?? 'mosquitto';
  broker = spawn(bin, ['-c', config], { stdio: 'ignore' });
  for (let i = 0; i < 100 && !(await canConnect(port)); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  return `mqtt://127.0.0.1:${port}`;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const tenant = await createTenant(ctx.database.db);
  const device = async (name: string): Promise<Device> => {
    const id = await insertMicromarket(ctx.database.db, tenant.org.main, name);
    return { id, ...(await issueToken(ctx.database.db, id)) };
  };
  a = await device('ACL fridge A');
  b = await device('ACL fridge B');
  url = await startBroker([a, b]);
  // The server on the same database, as a client of the broker with its own user.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-acl-app-'));
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
  broker?.kill('SIGTERM');
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const fridge = (device: Device, token = device.token) =>
  new TestDevice({ url, serial: device.serial, token }, Date.now);

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
    const server = await mqtt.connectAsync(url, {
      username: SERVER_USER.name,
      password: SERVER_USER.password,
      reconnectPeriod: 0,
    });
    await server.publishAsync(deviceTopic(b.serial, 'commands'), JSON.stringify({ probe: true }), { qos: 1 });
    await expect.poll(() => deviceB.commands.length, { timeout: 10_000 }).toBe(1);
    expect(seenByA).toEqual([]);
    await server.endAsync();
    await deviceB.close();
    // A message on B's topic never reaches the server; one on A's own topic after it does.
    const received = app.gateway!.stats.received;
    await client.publishAsync(deviceTopic(b.serial, 'telemetry'), JSON.stringify({ forged: true }), { qos: 1 });
    await client.publishAsync(deviceTopic(a.serial, 'telemetry'), JSON.stringify({ marker: true }), { qos: 1 });
    await expect.poll(() => app.gateway!.stats.received, { timeout: 10_000 }).toBe(received + 1);
    await client.endAsync();
  });
});
