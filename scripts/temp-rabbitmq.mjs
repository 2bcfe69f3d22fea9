// A throwaway RabbitMQ node for the test run and the benchmarks: the recipe in docs/rabbitmq/
// (rabbitmq.conf, definitions.json, enabled_plugins) as it is, with only the listeners' ports,
// the folders and the auth backend's address rewritten, in a temp folder with a node name,
// ports and Erlang cookie of its own on loopback. Uses the machine's Debian `rabbitmq-server`
// package (DESIGN §11). The node can be stopped cleanly, killed and started again on the same
// data, the way an operator's broker restarts.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './temp-postgres.mjs';

const SERVER = '/usr/lib/rabbitmq/bin/rabbitmq-server';
const CTL = '/usr/lib/rabbitmq/bin/rabbitmqctl';
const RECIPE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'rabbitmq');
/** The servers' user of the recipe's definitions.json, with the password the recipe says to change. */
export const RABBITMQ_SERVER_USER = { username: 'vitrina-server', password: 'vitrina-server-change-me' };
/** The recipe's management user, which closes revoked devices' connections (the management API's administrator). */
export const RABBITMQ_ADMIN_USER = { username: 'vitrina-broker-admin', password: 'vitrina-broker-admin-change-me' };
export const RABBITMQ_VHOST = 'vitrina';

export function rabbitmqAvailable() {
  return fs.existsSync(SERVER);
}

function portOpen(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function until(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`RabbitMQ: ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function readRecipeDefinitions() {
  return JSON.parse(fs.readFileSync(path.join(RECIPE, 'definitions.json'), 'utf8'));
}

/**
 * The recipe's definitions with `count` shards of the QoS 1 uplink instead of its own (the
 * benchmarks compare them; docs/rabbitmq/README.md says what more shards cost): the queue
 * `vitrina.uplink.0` and its binding copied for each. Unset: the recipe as it is.
 */
export function withUplinkQueues(definitions, count) {
  if (count === undefined) return definitions;
  const isShard = (name) => /^vitrina\.uplink\.\d+$/.test(name);
  const queue = definitions.queues.find((q) => q.name === 'vitrina.uplink.0');
  const binding = definitions.bindings.find((b) => b.destination === 'vitrina.uplink.0');
  const shards = Array.from({ length: count }, (_, i) => `vitrina.uplink.${i}`);
  return {
    ...definitions,
    queues: [...definitions.queues.filter((q) => !isShard(q.name)), ...shards.map((name) => ({ ...queue, name }))],
    bindings: [
      ...definitions.bindings.filter((b) => !isShard(b.destination)),
      ...shards.map((destination) => ({ ...binding, destination })),
    ],
  };
}

/** The recipe's rabbitmq.conf with this node's ports, folders and the auth backend's base URL. */
export function recipeConfig({ amqpPort, mqttPort, managementPort, definitions, authBase }) {
  const text = fs.readFileSync(path.join(RECIPE, 'rabbitmq.conf'), 'utf8');
  const replaced = text
    .replace(/^listeners\.tcp\.default = .*$/m, `listeners.tcp.default = 127.0.0.1:${amqpPort}`)
    .replace(/^mqtt\.listeners\.tcp\.default = .*$/m, `mqtt.listeners.tcp.default = 127.0.0.1:${mqttPort}`)
    .replace(/^management\.tcp\.port = .*$/m, `management.tcp.port = ${managementPort}\nmanagement.tcp.ip = 127.0.0.1`)
    .replace(/^load_definitions = .*$/m, `load_definitions = ${definitions}`)
    .replaceAll('http://vitrina:3000', authBase);
  for (const port of [amqpPort, mqttPort, managementPort]) {
    if (!replaced.includes(String(port))) throw new Error('docs/rabbitmq/rabbitmq.conf lost a listener line');
  }
  return replaced;
}

/**
 * Starts a node and resolves once its AMQP, MQTT and management listeners answer. `authBase` is
 * where the HTTP auth backend asks about device logins (a Vitrina instance, or the tests' stand-in
 * for the load balancer in front of several).
 */
export async function startTempRabbitmq({ authBase, startTimeoutMs = 90_000, uplinkQueues } = {}) {
  if (!rabbitmqAvailable()) throw new Error('RabbitMQ is not installed: apt-get install -y rabbitmq-server');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-rabbitmq-'));
  const [amqpPort, mqttPort, managementPort, distPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const home = path.join(dir, 'home');
  fs.mkdirSync(home);
  fs.writeFileSync(path.join(home, '.erlang.cookie'), randomBytes(16).toString('hex'), { mode: 0o400 });
  const definitions = path.join(dir, 'definitions.json');
  fs.writeFileSync(definitions, JSON.stringify(withUplinkQueues(readRecipeDefinitions(), uplinkQueues), null, 2));
  fs.copyFileSync(path.join(RECIPE, 'enabled_plugins'), path.join(dir, 'enabled_plugins'));
  fs.writeFileSync(
    path.join(dir, 'rabbitmq.conf'),
    recipeConfig({ amqpPort, mqttPort, managementPort, definitions, authBase: authBase ?? 'http://127.0.0.1:9' }),
  );
  const nodeName = `vitrina-${amqpPort}@localhost`;
  const pidFile = path.join(dir, 'rabbitmq.pid');
  const env = {
    ...process.env,
    HOME: home,
    RABBITMQ_NODENAME: nodeName,
    RABBITMQ_NODE_IP_ADDRESS: '127.0.0.1',
    RABBITMQ_NODE_PORT: String(amqpPort),
    RABBITMQ_DIST_PORT: String(distPort),
    RABBITMQ_CONFIG_FILE: path.join(dir, 'rabbitmq'),
    RABBITMQ_ENABLED_PLUGINS_FILE: path.join(dir, 'enabled_plugins'),
    RABBITMQ_MNESIA_BASE: path.join(dir, 'mnesia'),
    RABBITMQ_LOG_BASE: path.join(dir, 'log'),
    RABBITMQ_PID_FILE: pidFile,
    // Two schedulers on this machine's two cores.
    RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS: '+S 2:2',
  };
  let child = null;
  const pid = () => {
    try {
      return Number(fs.readFileSync(pidFile, 'utf8').trim()) || null;
    } catch {
      return null;
    }
  };
  const alive = (id) => {
    try {
      process.kill(id, 0);
      return true;
    } catch {
      return false;
    }
  };
  const run = async () => {
    fs.rmSync(pidFile, { force: true });
    child = spawn(SERVER, [], { env, stdio: ['ignore', 'ignore', 'ignore'], detached: false });
    const started = child;
    let exited = false;
    started.once('exit', () => {
      exited = true;
    });
    await until(
      async () => {
        if (exited) throw new Error(`RabbitMQ exited at start: see ${env.RABBITMQ_LOG_BASE}`);
        return (await portOpen(mqttPort)) && (await portOpen(amqpPort)) && (await portOpen(managementPort));
      },
      startTimeoutMs,
      'the listeners did not answer',
    );
  };
  /** Waits for the VM to be gone (its pid file's process). */
  const gone = async (id) => until(async () => !id || !alive(id), 60_000, 'the node did not stop');
  await run();
  return {
    amqpUrl: `amqp://${RABBITMQ_SERVER_USER.username}:${RABBITMQ_SERVER_USER.password}@127.0.0.1:${amqpPort}/${RABBITMQ_VHOST}`,
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    managementUrl: `http://${RABBITMQ_ADMIN_USER.username}:${RABBITMQ_ADMIN_USER.password}@127.0.0.1:${managementPort}`,
    ports: { amqp: amqpPort, mqtt: mqttPort, management: managementPort },
    dir,
    nodeName,
    /** The VM's process id (beam.smp), or null when it is down. */
    pid: () => {
      const id = pid();
      return id && alive(id) ? id : null;
    },
    /** Runs `rabbitmqctl <args>` against this node (its cookie and name); resolves its output. */
    ctl: (args) =>
      new Promise((resolve, reject) => {
        const ctl = spawn(CTL, ['-n', nodeName, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        ctl.stdout.on('data', (chunk) => {
          output += chunk;
        });
        ctl.stderr.on('data', (chunk) => {
          output += chunk;
        });
        ctl.once('error', reject);
        ctl.once('exit', (code) =>
          code === 0 ? resolve(output) : reject(new Error(`rabbitmqctl ${args.join(' ')}: ${code} ${output}`)),
        );
      }),
    /** A clean stop (SIGTERM to the VM, as a service manager sends), waiting until it is down. */
    async stop() {
      const id = pid();
      if (id && alive(id)) process.kill(id, 'SIGTERM');
      await gone(id);
    },
    /** kill -9 of the VM: nothing is flushed or closed. */
    async kill() {
      const id = pid();
      if (id && alive(id)) process.kill(id, 'SIGKILL');
      await gone(id);
    },
    /** Starts the node again on the same data (after stop or kill). */
    start: run,
    /** Stops the node for good and removes its folder. */
    async close() {
      const id = pid();
      if (id && alive(id)) process.kill(id, 'SIGKILL');
      await gone(id).catch(() => {});
      child?.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
