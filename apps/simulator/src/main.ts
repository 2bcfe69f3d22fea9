import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { FAULT_KINDS, type FaultKind } from './behaviour.js';
import { CONTROL_HELP, runControl } from './control.js';
import { FileFlash } from './flash.js';
import { startFleet } from './fleet.js';
import { type FleetFridge, readFleetFile, writeFleetFile, ZFleetFridge } from './fleet-file.js';
import { provisionFleet } from './provision.js';

const USAGE = `Usage: npm run simulate -- [options]
  --url mqtt://host:port        the broker (default mqtt://localhost:1883)
  --fleet file.json             fridges to run: [{ serial, token, tags, pool, products, shelves?, sensors? }]
  --fridges N                   run the first N of the fleet (with --api: create N, default 3)
  --api http://host:port        create the fridges through the HTTP API and write --fleet
  --email E --password P        an account allowed to create micromarkets
  --speed X                     the world runs X times faster (customers, defrosts, sessions)
  --customers-per-hour X        self-initiated customer sessions per fridge (default 4)
  --restock on|off              a courier restocks when the cabinet runs low (default on)
  --faults a,b|all              faults that strike at random: ${FAULT_KINDS.join(', ')}
  --faults-per-day X            how often (default 2 per fridge)
  --seed N                      replay the same random life
  --control "LINE"              run a control line at the start (repeatable), e.g. "excursion VT-1003 on"
  --quiet                       print only errors
Type "help" on stdin for the commands that inject faults on demand.`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(2);
}

function positive(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) fail(`--${name} must be a number ≥ 0`);
  return number;
}

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'mqtt://localhost:1883' },
      fleet: { type: 'string' },
      fridges: { type: 'string' },
      api: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      speed: { type: 'string' },
      'customers-per-hour': { type: 'string' },
      restock: { type: 'string', default: 'on' },
      faults: { type: 'string', default: '' },
      'faults-per-day': { type: 'string' },
      seed: { type: 'string' },
      control: { type: 'string', multiple: true, default: [] },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const log = values.quiet ? () => {} : (line: string) => process.stdout.write(`[simulator] ${line}\n`);
  const count = values.fridges === undefined ? undefined : Math.floor(positive(values.fridges, 'fridges', 0));
  const faults = values.faults === 'all' ? [...FAULT_KINDS] : values.faults.split(',').filter(Boolean);
  for (const fault of faults) if (!(FAULT_KINDS as readonly string[]).includes(fault)) fail(`unknown fault ${fault}`);
  if (values.restock !== 'on' && values.restock !== 'off') fail('--restock is on or off');
  const speed = positive(values.speed, 'speed', 1);
  if (speed === 0) fail('--speed must be above 0');

  let fleet: FleetFridge[];
  const fleetFile = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.fleet ?? 'simulator-fleet.json');
  if (values.api) {
    if (!values.email || !values.password) fail('--api needs --email and --password');
    const created = await provisionFleet({
      api: values.api,
      email: values.email,
      password: values.password,
      count: count ?? 3,
      prefix: `SIM-${Date.now().toString(36).toUpperCase()}`,
      log,
    });
    writeFleetFile(fleetFile, created);
    log(`wrote ${created.length} fridges to ${fleetFile} (it holds their tokens: readable by you only)`);
    fleet = created.map((fridge) => ZFleetFridge.parse(fridge));
  } else {
    if (!values.fleet) fail('give --fleet file.json, or --api with --email and --password to create fridges');
    fleet = readFleetFile(fleetFile).slice(0, count);
  }
  if (fleet.length === 0) fail('the fleet is empty');

  const running = startFleet({
    url: values.url,
    fridges: fleet,
    flash: new FileFlash(fleetFile.replace(/(\.json)?$/, '.flash.json')),
    behaviour: {
      speed,
      customersPerHour: positive(values['customers-per-hour'], 'customers-per-hour', 4),
      autoRestock: values.restock === 'on',
      randomFaults: faults as FaultKind[],
      faultsPerDay: positive(values['faults-per-day'], 'faults-per-day', 2),
    },
    seed: Math.floor(positive(values.seed, 'seed', Date.now() % 1_000_000)),
    log,
  });
  log(`${fleet.length} fridge(s) on ${values.url}${speed === 1 ? '' : ` at ${speed}× speed`}`);

  // What the world starts with (the demo's warm fridge), as if typed on stdin.
  for (const line of values.control) {
    const answer = runControl(line, running.fridges);
    if (answer) log(answer);
  }
  if (process.stdin.isTTY) process.stdout.write(`${CONTROL_HELP}\n`);
  const control = readline.createInterface({ input: process.stdin, terminal: false });
  control.on('line', (line) => {
    const answer = runControl(line, running.fridges);
    if (answer) process.stdout.write(`${answer}\n`);
  });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    control.close();
    await running.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  // Started by the server with an IPC channel: when the server goes, so does its fleet.
  process.on('disconnect', () => void stop());
}

main().catch((error: unknown) => {
  process.stderr.write(`simulator: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
