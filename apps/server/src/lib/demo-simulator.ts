import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { IS_BUILT, SERVER_ROOT } from './paths.js';

export type DemoSimulator = { stop(): Promise<void> };

/**
 * The simulator's program: its build beside the server's when the server runs its build
 * (`npm start`), its sources through tsx otherwise (development, tests).
 */
const SIMULATOR = IS_BUILT
  ? { main: path.join(SERVER_ROOT, 'dist/simulator.js'), execArgv: [] }
  : { main: path.resolve(SERVER_ROOT, '../simulator/src/main.ts'), execArgv: ['--import', 'tsx'] };
/** The fleet's goodbyes need a moment; after that it is killed. */
const STOP_TIMEOUT_MS = 3_000;

/** The simulator's command line for the fleet file against the embedded broker. */
export function simulatorArgs(options: {
  fleetFile: string;
  brokerPort: number;
  customersPerHour?: number;
  controls?: readonly string[];
}): string[] {
  const { fleetFile, brokerPort, customersPerHour, controls = [] } = options;
  return [
    '--fleet',
    fleetFile,
    '--url',
    `mqtt://127.0.0.1:${brokerPort}`,
    '--quiet',
    ...(customersPerHour === undefined ? [] : ['--customers-per-hour', String(customersPerHour)]),
    ...controls.flatMap((line) => ['--control', line]),
  ];
}

/**
 * Runs the virtual fridges of `DATA_DIR/demo-fleet.json` as a child process (the simulator
 * shares nothing with the server but the contract), so the panel is alive on a first start.
 * The IPC channel ends the child if the server dies without stopping it.
 */
export function startDemoSimulator(options: {
  fleetFile: string;
  brokerPort: number | null;
  logger: FastifyBaseLogger;
  /** Customers who open a fridge on their own, per hour (the simulator's default when omitted). */
  customersPerHour?: number;
  /** Control lines the fleet starts with (the simulator's `--control`): the demo's warm fridge. */
  controls?: readonly string[];
}): DemoSimulator | null {
  const { fleetFile, brokerPort, logger, customersPerHour, controls } = options;
  if (brokerPort === null) {
    logger.info('demo fleet: no embedded MQTT broker, the simulator stays off');
    return null;
  }
  if (!fs.existsSync(fleetFile) || !fs.existsSync(SIMULATOR.main)) {
    logger.info(
      { fleetFile },
      'demo fleet: no fleet file (it is written when the demo is seeded), the simulator stays off',
    );
    return null;
  }
  const child = spawn(
    process.execPath,
    [...SIMULATOR.execArgv, SIMULATOR.main, ...simulatorArgs({ fleetFile, brokerPort, customersPerHour, controls })],
    { cwd: path.dirname(path.dirname(SIMULATOR.main)), stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  let stopping = false;
  child.on('exit', (code, signal) => {
    if (!stopping) logger.warn({ code, signal }, 'demo fleet: the simulator stopped');
  });
  child.on('error', (error) => logger.warn({ err: error }, 'demo fleet: the simulator could not start'));
  logger.info({ fleetFile, pid: child.pid }, 'demo fleet: simulator started');
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, STOP_TIMEOUT_MS);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
