// `npm test`: every check of the project, in order, ending with one line `N passed, N failed`.
// Lint and typecheck count as one check each; test suites count their tests.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { postgresAvailable, startTempPostgres } from './temp-postgres.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-test-'));
const totals = { passed: 0, failed: 0 };
const lines = [];

function run(label, command, args, options = {}) {
  process.stdout.write(`\n── ${label} ──\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...options.env } });
  return result.status === 0;
}

function check(label, command, args, options) {
  const ok = run(label, command, args, options);
  totals[ok ? 'passed' : 'failed'] += 1;
  lines.push(`${ok ? 'ok  ' : 'FAIL'} ${label}`);
}

function vitest(label, dir, env = {}) {
  const out = path.join(reports, `${label.replace(/\W+/g, '-')}.json`);
  const ok = run(
    label,
    'npx',
    ['vitest', 'run', '--root', dir, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    { env },
  );
  count(label, ok, () => {
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests + report.numPendingTests + report.numTodoTests,
    };
  });
}

function count(label, ok, read) {
  let result;
  try {
    result = read();
  } catch {
    result = { passed: 0, failed: 1 };
  }
  if (!ok && result.failed === 0) result.failed = 1; // the suite itself failed to run
  totals.passed += result.passed;
  totals.failed += result.failed;
  lines.push(`${result.failed === 0 ? 'ok  ' : 'FAIL'} ${label}: ${result.passed} passed, ${result.failed} failed`);
}

check('lint (biome)', 'npx', ['biome', 'check', '.']);
for (const workspace of ['packages/contract', 'apps/server', 'apps/web', 'e2e', 'bench']) {
  check(`typecheck ${workspace}`, 'npx', ['tsc', '-p', `${workspace}/tsconfig.json`]);
}
vitest('contract unit tests', 'packages/contract');
vitest('web unit tests', 'apps/web');
vitest('server API tests on PGlite', 'apps/server', { TEST_DATABASE_URL: '' });

let postgres = null;
if (process.env.TEST_DATABASE_URL) {
  vitest('server API tests on PostgreSQL', 'apps/server');
} else if (postgresAvailable()) {
  postgres = await startTempPostgres();
  try {
    vitest('server API tests on PostgreSQL', 'apps/server', { TEST_DATABASE_URL: postgres.url });
  } finally {
    postgres.stop();
  }
} else {
  totals.failed += 1;
  lines.push('FAIL server API tests on PostgreSQL: PostgreSQL is not installed (apt-get install -y postgresql)');
}

const built = run('build web', 'npm', ['run', 'build', '-w', '@vitrina/web']);
if (!built) {
  totals.failed += 1;
  lines.push('FAIL build web');
} else {
  const out = path.join(reports, 'e2e.json');
  const ok = run(
    'end-to-end tests in Chromium',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    },
  );
  count('end-to-end tests in Chromium', ok, () => {
    const { stats } = JSON.parse(fs.readFileSync(out, 'utf8'));
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected + stats.skipped };
  });
}

fs.rmSync(reports, { recursive: true, force: true });
process.stdout.write(`\n${lines.join('\n')}\n\n${totals.passed} passed, ${totals.failed} failed\n`);
process.exit(totals.failed === 0 ? 0 : 1);
