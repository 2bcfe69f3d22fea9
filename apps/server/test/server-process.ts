import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Real server processes on an embedded database folder, for the tests of what survives a
 * restart or a SIGKILL (durability.test.ts, device-durability.test.ts). Each file calls
 * `cleanUp` after its tests: it kills what is left and removes its folders.
 */
const serverDir = path.resolve(import.meta.dirname, '..');
// node --import tsx keeps the server in this process, so its pid is the one in the lock file.
export const node = process.execPath;
export const withTsx = (script: string) => ['--import', 'tsx', script];
const children: ChildProcess[] = [];
const folders: string[] = [];

export function newFolder(prefix = 'vitrina-durability-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(dir);
  return dir;
}

export function cleanUp(): void {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type Started = { child: ChildProcess; base: string; output: () => string };

/**
 * A port found free can be taken by another process (the other test workers start servers
 * too) before the server binds it: then it starts again on another one. A first start binds
 * after seeding, so `folder` may name a new folder for each try.
 */
export async function startServer(
  folder: string | (() => string),
  env: Record<string, string> = {},
): Promise<Started & { dataDir: string }> {
  for (let attempt = 1; ; attempt++) {
    const dataDir = typeof folder === 'string' ? folder : folder();
    try {
      return { ...(await startServerOnFreePort(dataDir, env)), dataDir };
    } catch (error) {
      if (attempt === 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

/**
 * A server process on the folder and port, its output piped to the test; `env` overrides the
 * defaults below (another database, an external broker).
 */
export function spawnServer(dataDir: string, port: number, env: Record<string, string> = {}): ChildProcess {
  const child = spawn(node, withTsx('src/main.ts'), {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // Any free port for the device broker, no simulated fleet, and the slim seed (users, no
      // drawn catalogue): the folder is what is tested, and seeding the catalogue took half the file's time.
      MQTT_PORT: '0',
      SIMULATOR: 'off',
      SEED: 'e2e',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

async function startServerOnFreePort(dataDir: string, env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const child = spawnServer(dataDir, port, env);
  let output = '';
  // The first start draws the demo catalogue, which takes a while on a busy machine.
  await new Promise<void>((resolve, reject) => {
    const fail = () => reject(new Error(`server did not start:\n${output}`));
    const deadline = setTimeout(fail, 150_000);
    const read = (chunk: Buffer) => {
      output += chunk;
      if (!output.includes('Vitrina is running')) return;
      clearTimeout(deadline);
      child.off('exit', onExit);
      resolve();
    };
    const onExit = () => {
      clearTimeout(deadline);
      fail();
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', onExit);
  });
  return { child, base: `http://127.0.0.1:${port}`, output: () => output };
}

/**
 * The one server process of a deployment behind an external broker (Mosquitto serves one
 * instance: docs/device-protocol.md §8) on `databaseUrl` and the broker at `mqttUrl`, under the
 * stable client id `clientId`: started again with the same id, it resumes its session.
 */
export function startBrokerServer(options: { databaseUrl: string; mqttUrl: string; clientId: string }) {
  return startServer(newFolder('vitrina-instance-'), {
    DATABASE_URL: options.databaseUrl,
    MQTT_URL: options.mqttUrl,
    MQTT_CLIENT_ID: options.clientId,
    SECRET_KEY: 'a-test-secret-key-of-at-least-32-characters',
    SEED: 'off',
  });
}

/** One of several server processes (INSTANCES=2) on `databaseUrl` behind the RabbitMQ node of `broker` (docs/rabbitmq). */
export function startRabbitmqServer(options: { databaseUrl: string; amqpUrl: string; managementUrl: string }) {
  return startServer(newFolder('vitrina-instance-'), {
    DATABASE_URL: options.databaseUrl,
    BROKER: 'rabbitmq',
    AMQP_URL: options.amqpUrl,
    RABBITMQ_MANAGEMENT_URL: options.managementUrl,
    INSTANCES: '2',
    SECRET_KEY: 'a-test-secret-key-of-at-least-32-characters',
    SEED: 'off',
  });
}

export function exited(child: ChildProcess): Promise<number | null> {
  // A process ended by a signal has a null exit code but a signal code.
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

export async function login(base: string): Promise<string> {
  const response = await fetch(`${base}/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@vitrina.local', password: 'admin12345' }),
  });
  return ((await response.json()) as { token: string }).token;
}
