import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { PERMISSION_NAMES } from '@vitrina/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE_ADMIN_COMMAND } from '../../src/start-summary.js';
import { cleanUp, exited, newFolder, node, type Started, startServer, withTsx } from '../server-process.js';

/**
 * Issue 33: a production start (DATABASE_URL, no SEED) on an empty PostgreSQL database seeds
 * no demo and makes no user or default password; it says how to make the first administrator,
 * and `npm run create-admin` makes one with the password the operator chose. PostgreSQL only
 * (vitest.config.ts): it makes a database of its own on the test server.
 */
const serverDir = path.resolve(import.meta.dirname, '../..');
const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const name = `vitrina_production_${randomBytes(5).toString('hex')}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
const env = { DATABASE_URL: databaseUrl, SECRET_KEY: 'k'.repeat(40), SEED: '', SIMULATOR: '' };

async function query<T>(url: string, statement: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement)).rows as T[];
  } finally {
    await client.end();
  }
}

/** `npm run create-admin`, the password on its standard input as a script would give it. */
async function createAdmin(args: string[], password: string) {
  const child = spawn(node, [...withTsx('src/create-admin.ts'), ...args], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  child.stdin.end(`${password}\n`);
  return { code: await exited(child), output };
}

async function signIn(base: string, email: string, password: string) {
  return fetch(`${base}/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

let server: Started;
beforeAll(async () => {
  await query(adminUrl, `create database ${name}`);
  server = await startServer(newFolder('vitrina-production-'), env);
}, 180_000);

afterAll(async () => {
  server?.child.kill('SIGTERM');
  if (server) await exited(server.child);
  cleanUp();
  await query(adminUrl, `drop database if exists ${name}`);
});

describe('a production start on an empty PostgreSQL database', () => {
  it('seeds no demo and no user, prints how to make the first administrator, and create-admin makes one once', async () => {
    const output = server.output();
    expect(output.split(CREATE_ADMIN_COMMAND)).toHaveLength(2);
    expect(output).not.toContain('Demo logins');
    expect(output).not.toContain('admin12345');
    expect(output).not.toContain('demo fleet');
    const before = await query<{ count: number }>(databaseUrl, 'select count(*)::int as count from users');
    expect(before[0]!.count).toBe(0);
    expect((await signIn(server.base, 'admin@vitrina.local', 'admin12345')).status).toBe(401);

    // One flow, not two tests: the empty database is what the first half looks at.
    const refused = await createAdmin(['--email', 'ops@example.com', '--name', 'Ops Lead'], 'short');
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('at least 8 characters');

    const made = await createAdmin(
      ['--email', 'Ops@Example.com', '--name', 'Ops Lead', '--organization', 'Fridges Ltd'],
      'chosen-passw0rd',
    );
    expect(made.output).toContain('Administrator ops@example.com created');
    expect(made.code).toBe(0);

    const login = await signIn(server.base, 'ops@example.com', 'chosen-passw0rd');
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const me = (await (
      await fetch(`${server.base}/v1/user/me`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { id: number; roles: string[]; org_name: string };
    expect(me.id).toBe(1);
    expect(me.org_name).toBe('Fridges Ltd');
    expect([...me.roles].sort()).toEqual([...PERMISSION_NAMES].sort());
    const users = await fetch(`${server.base}/v1/user/list`, { headers: { authorization: `Bearer ${token}` } });
    expect(users.status).toBe(200);

    const again = await createAdmin(['--email', 'second@example.com', '--name', 'Second'], 'another-passw0rd');
    expect(again.code).toBe(1);
    expect(again.output).toContain('has users already');
    const demo = await query<{ count: number }>(
      databaseUrl,
      "select count(*)::int as count from users where email like '%@vitrina.local'",
    );
    expect(demo[0]!.count).toBe(0);
  });
});
