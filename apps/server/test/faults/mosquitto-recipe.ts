import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { exited, freePort } from '../server-process.js';

/**
 * The production setup docs/device-protocol.md §8 gives for Mosquitto, run for real: the
 * recipe's own files, docs/mosquitto/mosquitto.conf and docs/mosquitto/acl, with only the
 * listener and the file paths moved to a temporary folder, and a password file with one user per
 * serial (its token is the password) and the server instances' own users. Needs Debian's
 * mosquitto and mosquitto_passwd (the PostgreSQL suite of `npm test`, with TEST_MQTT_URL).
 */
const RECIPE = path.resolve(import.meta.dirname, '../../../../docs/mosquitto');

export type BrokerUser = { name: string; password: string };

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** The recipe's mosquitto.conf with its listener and three paths replaced, every other line as it is. */
function recipeConfig(port: number, paths: { passwords: string; acl: string; persistence: string }): string {
  const replaced = new Map([
    ['listener', `listener ${port} 127.0.0.1`],
    ['password_file', `password_file ${paths.passwords}`],
    ['acl_file', `acl_file ${paths.acl}`],
    ['persistence_location', `persistence_location ${paths.persistence}/`],
  ]);
  const lines = fs.readFileSync(path.join(RECIPE, 'mosquitto.conf'), 'utf8').split('\n');
  const seen = new Set<string>();
  const config = lines.map((line) => {
    const key = line.split(' ')[0]!;
    if (!replaced.has(key)) return line;
    seen.add(key);
    return replaced.get(key)!;
  });
  // The recipe must name every one of them, or the test would be trying something else.
  expect([...seen].sort()).toEqual([...replaced.keys()].sort());
  return [...config, 'log_dest none', ''].join('\n');
}

/** A Mosquitto process on the recipe's configuration, which can be stopped and started again on its folder. */
export class RecipeBroker {
  private process: ChildProcess | undefined;

  private constructor(
    readonly dir: string,
    readonly port: number,
    private readonly config: string,
  ) {}

  get url(): string {
    return `mqtt://127.0.0.1:${this.port}`;
  }

  static async start(users: BrokerUser[]): Promise<RecipeBroker> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-acl-'));
    // Started as root, Mosquitto runs as its own user: it must be able to read what is written here.
    fs.chmodSync(dir, 0o755);
    const passwords = path.join(dir, 'passwd');
    fs.writeFileSync(passwords, '');
    for (const user of users) execFileSync('mosquitto_passwd', ['-b', passwords, user.name, user.password]);
    const acl = path.join(dir, 'acl');
    fs.copyFileSync(path.join(RECIPE, 'acl'), acl);
    // ... and write its persistence file here.
    const persistence = path.join(dir, 'data');
    fs.mkdirSync(persistence, { mode: 0o777 });
    fs.chmodSync(persistence, 0o777);
    const port = await freePort();
    const config = path.join(dir, 'mosquitto.conf');
    fs.writeFileSync(config, recipeConfig(port, { passwords, acl, persistence }));
    const broker = new RecipeBroker(dir, port, config);
    await broker.run();
    return broker;
  }

  /** Starts Mosquitto on the folder (again): it reads back what its last stop saved. */
  async run(): Promise<void> {
    const bin = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto'].find((file) => fs.existsSync(file)) ?? 'mosquitto';
    this.process = spawn(bin, ['-c', this.config], { stdio: 'ignore' });
    for (let i = 0; i < 100 && !(await canConnect(this.port)); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Stops it as a service manager does (SIGTERM: Mosquitto writes its persistence file on the way out). */
  async stop(): Promise<void> {
    const running = this.process;
    this.process = undefined;
    if (!running) return;
    running.kill('SIGTERM');
    await exited(running);
  }

  /**
   * Writes mosquitto.db now, as the recipe's autosave does every `autosave_interval` seconds
   * (SIGUSR1, mosquitto(8)). Mosquitto writes mosquitto.db.new and renames it over mosquitto.db
   * (persist_write.c, 2.0), so a new inode there means the write is complete.
   */
  async save(): Promise<void> {
    const file = path.join(this.dir, 'data', 'mosquitto.db');
    const inode = () => (fs.existsSync(file) ? fs.statSync(file).ino : null);
    const before = inode();
    this.process?.kill('SIGUSR1');
    await expect.poll(inode).not.toBe(before);
  }

  /**
   * Kills it as a crash, an OOM kill or a power cut would (SIGKILL): nothing is written on the way
   * out, so the next start reads back what the last save wrote.
   */
  async crash(): Promise<void> {
    const running = this.process;
    this.process = undefined;
    if (!running) return;
    running.kill('SIGKILL');
    await exited(running);
  }

  async remove(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
