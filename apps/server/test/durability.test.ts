import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The embedded database's guarantees, tested on a real server process and folder. */
const serverDir = path.resolve(import.meta.dirname, '..');
// node --import tsx keeps the server in this process, so its pid is the one in the lock file.
const node = process.execPath;
const withTsx = (script: string) => ['--import', 'tsx', script];
const children: ChildProcess[] = [];
const folders: string[] = [];

function newFolder() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-durability-'));
  folders.push(dir);
  return dir;
}

/**
 * The first start seeds the demo, which takes a while, so it happens once: every test
 * then works on its own copy of that stopped, seeded folder and depends on no other test.
 */
let seededDir: string;
beforeAll(async () => {
  const first = await startServer(newFolder);
  seededDir = first.dataDir;
  expect(first.output()).toContain('Demo logins');
  first.child.kill('SIGTERM');
  expect(await exited(first.child)).toBe(0);
}, 180_000);

function copyOfSeeded() {
  const dir = newFolder();
  fs.cpSync(seededDir, dir, { recursive: true });
  return dir;
}

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

type Started = { child: ChildProcess; base: string; output: () => string };

/**
 * A port found free can be taken by another process (the other test workers start servers
 * too) before the server binds it: then it starts again on another one. A first start binds
 * after seeding, so `folder` may name a new folder for each try.
 */
async function startServer(folder: string | (() => string)): Promise<Started & { dataDir: string }> {
  for (let attempt = 1; ; attempt++) {
    const dataDir = typeof folder === 'string' ? folder : folder();
    try {
      return { ...(await startServerOnFreePort(dataDir)), dataDir };
    } catch (error) {
      if (attempt === 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

/** A server process on the folder and port, its output piped to the test. */
function spawnServer(dataDir: string, port: number): ChildProcess {
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
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

async function startServerOnFreePort(dataDir: string): Promise<Started> {
  const port = await freePort();
  const child = spawnServer(dataDir, port);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  // The first start draws the demo catalogue, which takes a while on a busy machine.
  const deadline = Date.now() + 150_000;
  while (!output.includes('Vitrina is running')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, base: `http://127.0.0.1:${port}`, output: () => output };
}

function exited(child: ChildProcess): Promise<number | null> {
  // A process ended by a signal has a null exit code but a signal code.
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function login(base: string): Promise<string> {
  const response = await fetch(`${base}/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@vitrina.local', password: 'admin12345' }),
  });
  return ((await response.json()) as { token: string }).token;
}

async function createUser(base: string, token: string, email: string) {
  const response = await fetch(`${base}/v1/user/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: email, email, org_id: 1, password: 'durable-123' }),
  });
  return response.status;
}

async function userExists(base: string, token: string, email: string) {
  const response = await fetch(`${base}/v1/user/info/by/${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return response.status === 200;
}

describe('the embedded database folder', { timeout: 180_000 }, () => {
  // One test for the two, as each real server start costs about 4 s of CPU (mostly loading the
  // TypeScript modules): the lock is tried while the first server of the restart runs.
  it('locks the folder while a server runs, and keeps everything across a graceful restart without seeding twice', async () => {
    const dataDir = copyOfSeeded();
    const first = await startServer(dataDir);
    expect(first.output()).not.toContain('Demo logins');

    const second = spawnServer(dataDir, await freePort());
    let stderr = '';
    second.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    expect(await exited(second)).toBe(1);
    expect(stderr).toContain(`is in use by process ${first.child.pid}`);

    const token = await login(first.base);
    expect(await createUser(first.base, token, 'restart@vitrina.local')).toBe(200);
    first.child.kill('SIGTERM');
    expect(await exited(first.child)).toBe(0);

    const restarted = await startServer(dataDir);
    expect(restarted.output()).not.toContain('Demo logins');
    const again = await login(restarted.base);
    expect(await userExists(restarted.base, again, 'restart@vitrina.local')).toBe(true);
    restarted.child.kill('SIGTERM');
    await exited(restarted.child);
  });

  it('keeps every acknowledged write when the process is killed with SIGKILL mid-write', async () => {
    const dataDir = copyOfSeeded();
    const server = await startServer(dataDir);
    const token = await login(server.base);
    const acknowledged: string[] = [];
    let stop = false;
    const writers = [0, 1, 2].map(async (writer) => {
      for (let i = 0; !stop; i++) {
        const email = `kill-${writer}-${i}@vitrina.local`;
        try {
          if ((await createUser(server.base, token, email)) === 200) acknowledged.push(email);
        } catch {
          return; // the connection died with the process
        }
      }
    });
    while (acknowledged.length < 15) await new Promise((resolve) => setTimeout(resolve, 20));
    server.child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    await exited(server.child);

    const restarted = await startServer(dataDir);
    const again = await login(restarted.base);
    const missing: string[] = [];
    for (const email of acknowledged) if (!(await userExists(restarted.base, again, email))) missing.push(email);
    expect(missing).toEqual([]);
    restarted.child.kill('SIGTERM');
    expect(await exited(restarted.child)).toBe(0);
  });

  it('backs up a stopped database with npm run backup', async () => {
    const dataDir = copyOfSeeded();
    const backup = spawn(node, withTsx('src/backup.ts'), {
      cwd: serverDir,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    backup.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    backup.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    expect(await exited(backup)).toBe(0);
    const file = output.match(/Backup written to (.+\.tar\.gz)/)?.[1];
    expect(file, output).toBeTruthy();
    const bytes = fs.readFileSync(file!);
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(bytes.length).toBeGreaterThan(100_000);
    fs.rmSync(path.dirname(file!), { recursive: true, force: true });
  });
});
