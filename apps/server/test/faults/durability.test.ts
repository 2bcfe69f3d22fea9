import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanUp,
  exited,
  freePort,
  login,
  newFolder,
  node,
  spawnServer,
  startServer,
  withTsx,
} from '../server-process.js';

/** The embedded database's guarantees, tested on a real server process and folder. */
const serverDir = path.resolve(import.meta.dirname, '../..');

/**
 * The first start seeds the demo, which takes a while, so it happens once: every test
 * then works on its own copy of that stopped, seeded folder and depends on no other test.
 */
let seededDir: string;
beforeAll(async () => {
  const first = await startServer(() => newFolder());
  seededDir = first.dataDir;
  expect(first.output()).toContain('demo data seeded');
  first.child.kill('SIGTERM');
  expect(await exited(first.child)).toBe(0);
}, 180_000);

function copyOfSeeded() {
  const dir = newFolder();
  fs.cpSync(seededDir, dir, { recursive: true });
  return dir;
}

afterAll(cleanUp);

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
    expect(first.output()).not.toContain('demo data seeded');

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
    expect(restarted.output()).not.toContain('demo data seeded');
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
