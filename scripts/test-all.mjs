// `npm test`: every check of the project, in order, ending with one line `N passed, N failed`.
// Lint and typecheck count as one check each; test suites count their tests.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { mosquittoAvailable, startTempMosquitto } from './temp-mosquitto.mjs';
import { postgresAvailable, startTempPostgres } from './temp-postgres.mjs';
import { rabbitmqAvailable } from './temp-rabbitmq.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-test-'));
const totals = { passed: 0, failed: 0 };
const lines = [];
/** Each failed test with its error's first line, printed again beside the totals: a CI log's tail then names it. */
const failures = [];
const firstLine = (message) =>
  stripVTControlCharacters(String(message ?? ''))
    .trim()
    .split('\n')[0]
    .slice(0, 300);

// The API suites run in a random order, files and tests, so a test that leans on another's
// rows fails here rather than on someone else's machine. The seed is printed; TEST_SEED=N
// replays a failing order.
const seed = Number(process.env.TEST_SEED) || Math.floor(Math.random() * 1_000_000) + 1;
const shuffle = ['--sequence.shuffle', `--sequence.seed=${seed}`];
process.stdout.write(`API tests run shuffled with seed ${seed} (replay with TEST_SEED=${seed} npm test)\n`);

/** Runs beside other steps: the output is held and printed in one piece when it ends. */
function runBuffered(label, command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...options.env } });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(`\n── ${label} ──\n${Buffer.concat(chunks).toString()}`);
      resolve(code === 0);
    });
  });
}

const started = Date.now();
const elapsed = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

function tally(label, ok, since) {
  totals[ok ? 'passed' : 'failed'] += 1;
  if (!ok) failures.push(`${label}: see its output above`);
  lines.push(`${ok ? 'ok  ' : 'FAIL'} ${label} (${elapsed(since)})`);
}

/** A step that could not run at all: one failure, with the reason in its place and in the summary. */
function cannotRun(label, reason) {
  totals.failed += 1;
  lines.push(`FAIL ${label}: ${reason}`);
  failures.push(`${label}: ${reason}`);
}

async function check(label, command, args) {
  const since = Date.now();
  tally(label, await runBuffered(label, command, args), since);
}

function vitestArgs(dir, out, extra) {
  return [
    'vitest',
    'run',
    '--root',
    dir,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
    ...extra,
  ];
}

function reportFile(label) {
  return path.join(reports, `${label.replace(/\W+/g, '-')}.json`);
}

async function vitestBuffered(label, dir, env = {}, extra = []) {
  const out = reportFile(label);
  const since = Date.now();
  countVitest(label, await runBuffered(label, 'npx', vitestArgs(dir, out, extra), { env }), out, since);
}

function countVitest(label, ok, out, since) {
  count(label, ok, since, () => {
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    for (const file of report.testResults) {
      const where = path.relative(root, file.name);
      // Skipped and to-do tests count as failed (the suite has none by rule), so they are named too.
      const failed = file.assertionResults.filter((test) => test.status !== 'passed');
      for (const test of failed)
        failures.push(`${label} › ${where} › ${test.fullName}: ${firstLine(test.failureMessages[0]) || test.status}`);
      if (file.status === 'failed' && failed.length === 0)
        failures.push(`${label} › ${where}: ${firstLine(file.message)}`);
    }
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests + report.numPendingTests + report.numTodoTests,
    };
  });
}

function count(label, ok, since, read) {
  let result;
  try {
    result = read();
  } catch {
    result = { passed: 0, failed: 1 };
    failures.push(`${label}: no report to read; see its output above`);
  }
  if (!ok && result.failed === 0) {
    // The run failed without a failed test (a crash, an unhandled error): its output says why.
    result.failed = 1;
    failures.push(`${label}: the run failed without a failed test; see its output above`);
  }
  totals.passed += result.passed;
  totals.failed += result.failed;
  lines.push(
    `${result.failed === 0 ? 'ok  ' : 'FAIL'} ${label}: ${result.passed} passed, ${result.failed} failed (${elapsed(since)})`,
  );
}

/**
 * A PostgreSQL for the PostgreSQL suite: TEST_DATABASE_URL, or a throwaway cluster (started
 * first: initdb is a few seconds of one core the other steps overlap).
 */
async function testPostgres() {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop() {} };
  if (!postgresAvailable()) return null;
  return startTempPostgres();
}

/**
 * The PostgreSQL suite's devices talk to a throwaway Mosquitto instead of the embedded broker,
 * so the device protocol is tested behind an external broker too (the one instance Mosquitto
 * serves, and the documented password file and ACL) without a vitest run of its own: that
 * had cost its module graph and template again, ~15 s beside the other steps. The files about
 * the embedded broker itself run in the PGlite suite, which keeps it.
 */
async function testMosquitto() {
  if (mosquittoAvailable()) return startTempMosquitto();
  cannotRun('device protocol on Mosquitto', 'Mosquitto is not installed (apt-get install -y mosquitto)');
  return null;
}

/**
 * The order is set by what two cores can overlap. The unit suites, the web build and then
 * the API suite on PGlite run beside lint, typecheck and then the API suite on PostgreSQL
 * (each vitest run alone left the CPU a third to a half idle). The end-to-end tests follow
 * both chains: beside the PostgreSQL suite the browser got so little CPU that a screen's first
 * render after sign-in took over ten seconds and specs failed on time, not on behaviour.
 */
/**
 * The PostgreSQL suite also runs the instances behind RabbitMQ (test/faults/rabbitmq.*): each of
 * those files starts a node of its own on the recipe, since the node's auth backend must reach
 * that file's servers.
 */
function testRabbitmq() {
  if (rabbitmqAvailable()) return '1';
  cannotRun('several instances behind RabbitMQ', 'RabbitMQ is not installed (apt-get install -y rabbitmq-server)');
  return '';
}

let built = false;
// Started beside the first steps (initdb is a few seconds of one core); the PostgreSQL suite
// waits for them after lint and typecheck.
const services = Promise.all([testPostgres(), testMosquitto()]);
try {
  const chains = [
    (async () => {
      await check('lint (biome)', 'npx', ['biome', 'check', '.']);
      // Every project in one `tsc -b` (an error names its file, so its project) with one checker
      // per project: TypeScript 7's default four checkers each resolve the shared types again, and
      // beside the other chain on two cores that is CPU taken from it (26 -> 16 core-seconds; one
      // `tsc -b` per project had cost 29).
      await check('typecheck (tsc -b, every project)', 'npx', ['tsc', '-b', '--checkers', '1']);
      const [postgres, broker] = await services;
      if (postgres) {
        await vitestBuffered(
          broker
            ? 'server API tests on PostgreSQL, devices through Mosquitto and RabbitMQ'
            : 'server API tests on PostgreSQL',
          'apps/server',
          { TEST_DATABASE_URL: postgres.url, TEST_MQTT_URL: broker?.url ?? '', TEST_RABBITMQ: testRabbitmq() },
          shuffle,
        );
      } else {
        cannotRun('server API tests on PostgreSQL', 'PostgreSQL is not installed (apt-get install -y postgresql)');
      }
    })(),
    (async () => {
      await vitestBuffered('contract unit tests', 'packages/contract');
      await vitestBuffered('web unit tests', 'apps/web');
      await vitestBuffered('simulator tests', 'apps/simulator');
      const since = Date.now();
      built = await runBuffered('build web', 'npm', ['run', 'build', '-w', '@vitrina/web']);
      tally('build web', built, since);
      // Two workers: beside the PostgreSQL suite the cores are shared anyway, and once that
      // suite is done one worker would leave a core idle for the rest of this one.
      await vitestBuffered('server API tests on PGlite', 'apps/server', { TEST_DATABASE_URL: '' }, [
        ...shuffle,
        '--maxWorkers=2',
      ]);
    })(),
  ];
  await Promise.all(chains);
  await endToEnd();
} finally {
  // Stopped even when a step threw before the PostgreSQL suite took them.
  for (const service of await services) service?.stop();
}

async function endToEnd() {
  if (!built) {
    cannotRun('end-to-end tests in Chromium', 'the web build failed');
    return;
  }
  const out = path.join(reports, 'e2e.json');
  const since = Date.now();
  const ok = await runBuffered(
    'end-to-end tests in Chromium',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out } },
  );
  count('end-to-end tests in Chromium', ok, since, () => {
    const { stats, suites } = JSON.parse(fs.readFileSync(out, 'utf8'));
    collectSpecFailures(suites);
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected + stats.skipped };
  });
}

/** Playwright's JSON report nests suites (files, describes) around specs, each with its tests' results. */
function collectSpecFailures(suites = []) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected' && test.status !== 'skipped') continue;
        const error = test.results.at(-1)?.error?.message;
        failures.push(`end-to-end › ${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error) || test.status}`);
      }
    }
    collectSpecFailures(suite.suites);
  }
}

fs.rmSync(reports, { recursive: true, force: true });
const failed = failures.length > 0 ? `\nFailed:\n${failures.map((failure) => `  ${failure}`).join('\n')}\n` : '';
process.stdout.write(
  `${failed}\n${lines.join('\n')}\n(API tests shuffled with seed ${seed}; ${elapsed(started)} in all)\n\n${totals.passed} passed, ${totals.failed} failed\n`,
);
process.exit(totals.failed === 0 ? 0 : 1);
