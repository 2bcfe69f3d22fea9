import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../server-process.js';

/**
 * A throwaway PostgreSQL cluster of this test's own, which it can stop and start again on the
 * same port and data (a database outage), unlike the suite's shared one that every other file
 * uses. The same recipe as scripts/temp-postgres.mjs: Debian's binaries, trust login on loopback.
 */
export type RestartablePostgres = {
  url: string;
  /** A fast shutdown: every connection is told "terminating connection due to administrator command". */
  stop(): Promise<void>;
  start(): Promise<void>;
  remove(): void;
};

function findBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const candidate = path.join(root, version, 'bin', name);
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(`PostgreSQL's ${name} is not installed: apt-get install -y postgresql`);
}

export async function startRestartablePostgres(): Promise<RestartablePostgres> {
  const initdb = findBin('initdb');
  const pgCtl = findBin('pg_ctl');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-pg-outage-'));
  const data = path.join(dir, 'data');
  // initdb refuses to run as root, so root runs it as the package's postgres user.
  const asRoot = process.getuid?.() === 0;
  const as = (command: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const run = (command: string, args: string[]) => execFileSync(...as(command, args), { stdio: 'pipe' });
  // Started and stopped without blocking: the test's fridges and HTTP load go on meanwhile.
  const runAsync = async (command: string, args: string[]) => {
    await promisify(execFile)(...as(command, args));
  };
  if (asRoot) {
    fs.chmodSync(dir, 0o755);
    execFileSync('chown', ['postgres', dir]);
  }
  run(initdb, ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100`;
  const startArgs = ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', options, 'start'];
  const stopArgs = ['-D', data, '-m', 'fast', '-w', 'stop'];
  run(pgCtl, startArgs);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => runAsync(pgCtl, startArgs),
    stop: () => runAsync(pgCtl, stopArgs),
    remove() {
      try {
        run(pgCtl, stopArgs);
      } catch {
        // Already stopped.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
