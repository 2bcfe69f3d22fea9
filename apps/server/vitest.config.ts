import { defineConfig } from 'vitest/config';

/**
 * API tests run on the embedded database by default; with TEST_DATABASE_URL they run on a
 * PostgreSQL server instead (each file gets its own fresh database). The durability tests
 * are about the embedded database's folder, so they belong to the embedded run only; the
 * two-instance session-cache tests need two processes' worth of connections to one
 * database, which only PostgreSQL has (PGlite is one connection in one process).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const embeddedOnly = ['test/durability.test.ts'];
const postgresOnly = ['test/session-cache.instances.test.ts'];
/** Two gateway instances splitting one external broker's traffic: PostgreSQL and TEST_MQTT_URL (Mosquitto). */
const externalBrokerOnly = onPostgres && process.env.TEST_MQTT_URL ? [] : ['test/gateway.instances.test.ts'];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...(onPostgres ? embeddedOnly : postgresOnly), ...externalBrokerOnly, '**/node_modules/**'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
