import { defineConfig } from 'vitest/config';

/**
 * API tests run on the embedded database by default; with TEST_DATABASE_URL they run on a
 * PostgreSQL server instead (each file gets its own fresh database). The durability tests
 * (the folder's, and device messages across SIGKILL) run server processes on the embedded
 * database's folder, so they belong to the embedded run only; the
 * two-instance session-cache tests need two processes' worth of connections to one
 * database, which only PostgreSQL has (PGlite is one connection in one process).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const embeddedOnly = ['test/faults/durability.test.ts', 'test/faults/device-durability.test.ts'];
const postgresOnly = [
  'test/system/session-cache.instances.test.ts',
  'test/system/rate-limits.instances.test.ts',
  'test/money/open-race.instances.test.ts',
  'test/system/prepared-statements.postgres.test.ts',
  'test/system/production-start.postgres.test.ts',
  'test/faults/pool-outage.postgres.test.ts',
];
/**
 * The server behind an external broker: what its persistent session keeps while it is down, and
 * what survives Mosquitto's restarts and a database outage (PostgreSQL and TEST_MQTT_URL), and the
 * documented Mosquitto password file and ACL (a Mosquitto of its own): only with TEST_MQTT_URL,
 * which `npm test` gives the PostgreSQL suite.
 */
const externalBrokerOnly = [
  ...(onPostgres && process.env.TEST_MQTT_URL
    ? []
    : [
        'test/faults/external-broker.sessions.test.ts',
        'test/faults/external-broker.faults.test.ts',
        'test/faults/database-outage.faults.test.ts',
      ]),
  ...(process.env.TEST_MQTT_URL ? [] : ['test/system/mosquitto-acl.test.ts']),
];
/**
 * Several instances behind RabbitMQ on the recipe (docs/rabbitmq), each file with a RabbitMQ node
 * of its own (scripts/temp-rabbitmq.mjs): PostgreSQL with TEST_RABBITMQ, which `npm test` gives
 * the PostgreSQL suite when rabbitmq-server is installed.
 */
const rabbitmqOnly =
  onPostgres && process.env.TEST_RABBITMQ
    ? []
    : ['test/faults/rabbitmq.instances.test.ts', 'test/faults/rabbitmq.faults.test.ts'];
/** No database at all (the import boundaries and the import graph): once per `npm test`, in the embedded run. */
const databaseFree = ['test/system/lint-boundaries.test.ts'];
const excluded = [
  ...(onPostgres ? [...embeddedOnly, ...databaseFree] : postgresOnly),
  ...externalBrokerOnly,
  ...rabbitmqOnly,
  '**/node_modules/**',
];

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    // No file replaces a module (`vi.mock`), so every file shares its worker's module graph: the
    // app's modules are imported once per worker instead of once per file (about a quarter of
    // the suite's time went to imports). That is safe because the server keeps no mutable state
    // at module level — each test file builds its own app, database and clock — and the suite
    // runs shuffled, so a file that leaned on another's leftovers would fail.
    isolate: false,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: excluded,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // `expect.poll` waits for what another part of the server does on its own (an MQTT message
    // handled, a job picked up, a payment settled). Vitest's default second is too short when
    // two suites and a typecheck share two cores: a poll then fails on time, not on behaviour.
    expect: { poll: { timeout: 10_000 } },
  },
});
