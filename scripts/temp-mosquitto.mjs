// A throwaway Mosquitto broker for the test run: a config in a temp folder, started on a free
// loopback port, stopped and removed afterwards. Uses the machine's Debian `mosquitto` package.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './temp-postgres.mjs';

function findMosquitto() {
  for (const dir of ['/usr/sbin', '/usr/bin', ...(process.env.PATH ?? '').split(':')]) {
    const candidate = path.join(dir, 'mosquitto');
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}

export function mosquittoAvailable() {
  return findMosquitto() !== null;
}

function waitForPort(port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`mosquitto did not listen on ${port}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

/**
 * The test broker lets any client in: the tests' devices are made per test, and device
 * logins on an external broker are the broker's job (docs/device-protocol.md §8), not the
 * server's. Production uses a password file or dynamic security with per-serial ACLs.
 */
export async function startTempMosquitto() {
  const bin = findMosquitto();
  if (!bin) throw new Error('Mosquitto is not installed: apt-get install -y mosquitto');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-mqtt-'));
  const port = await freePort();
  const config = path.join(dir, 'mosquitto.conf');
  fs.writeFileSync(
    config,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence false',
      // The protocol's 64 KiB payload plus headers.
      'max_packet_size 70000',
      'log_dest none',
    ].join('\n'),
  );
  const child = spawn(bin, ['-c', config], { stdio: 'ignore' });
  await waitForPort(port, 5_000);
  return {
    url: `mqtt://127.0.0.1:${port}`,
    stop() {
      child.kill('SIGTERM');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
