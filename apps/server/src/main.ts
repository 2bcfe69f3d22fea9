import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedCatalogueDemo } from './demo/catalogue.js';
import { DEMO_FLEET_FILE, writeDemoFleet } from './demo/demo-fleet.js';
import { seedE2eCustomer, seedE2eFleet } from './demo/e2e-fleet.js';
import { seedE2eSales } from './demo/e2e-sales.js';
import { DEMO_FLEET_CONTROLS } from './demo/fleet.js';
import { seedHistoryDemo } from './demo/history.js';
import { seedOrdersDemo } from './demo/orders.js';
import { seedPlanogramsDemo } from './demo/planograms.js';
import { seedCustomersDemo, seedFiscalDemo, seedSalesHistoryDemo } from './demo/sales.js';
import { demoLoginsOf, seedDemo } from './demo/seed.js';
import { seedSubscriptionsDemo } from './demo/subscriptions.js';
import { type DemoSimulator, startDemoSimulator } from './lib/demo-simulator.js';
import { createSecretBox, resolveSecretKey } from './lib/secrets.js';
import { createLocalStorage } from './lib/storage.js';
import { newWebhookSecret, sealPaymentCredentials, sealPlatformCredentials } from './modules/payments/index.js';
import { fcmPushProvider, inboxPushProvider, ZFcmServiceAccount } from './modules/push/index.js';
import { rebuildDemoSaleRollups } from './modules/reports/index.js';
import { hasUsers } from './modules/users/index.js';
import { startSummary } from './start-summary.js';

/** Start, migrate, seed, serve; stop gracefully on SIGINT/SIGTERM. Nothing else lives here. */
async function main() {
  const config = loadConfig();
  const logger = { level: config.logLevel };
  // Before the database opens: on PostgreSQL a missing SECRET_KEY stops the start here.
  const secretKey = resolveSecretKey({
    secretKey: config.secretKey,
    dataDir: config.dataDir,
    databaseKind: config.databaseUrl ? 'postgres' : 'pglite',
  });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    instances: config.instances,
  });
  await database.migrate();
  const storage = createLocalStorage(path.join(config.dataDir, 'files'));
  const demo = config.seed === 'off' ? null : await seedDemo(database.db);
  // The catalogue (hundreds of drawn pictures, 20,000+ tags) is most of the seeding time;
  // the end-to-end tests make the catalogue rows they use, so SEED=e2e leaves it out.
  if (demo && config.seed === 'demo') await seedCatalogueDemo(database.db, storage, demo.orgIds, demo.operatorId);
  if (demo && config.seed === 'e2e') {
    await seedE2eFleet(database.db, demo.orgIds.main);
    await seedE2eCustomer(database.db, demo.orgIds.kyiv);
    await seedE2eSales(database.db, demo.orgIds.main);
  }
  if (demo) {
    const orgIds = Object.values(demo.orgIds);
    const secrets = createSecretBox(secretKey);
    await seedCustomersDemo(database.db, orgIds, (orgId) =>
      sealPaymentCredentials(secrets, orgId, { webhook_secret: newWebhookSecret() }),
    );
    await seedSubscriptionsDemo(
      database.db,
      orgIds,
      new Date(),
      sealPlatformCredentials(secrets, { webhook_secret: newWebhookSecret() }),
    );
    if (config.seed === 'demo') {
      await seedFiscalDemo(database.db, orgIds, new Date());
      await seedSalesHistoryDemo(database.db, orgIds);
      await seedOrdersDemo(database.db, orgIds);
      await seedPlanogramsDemo(database.db, orgIds);
      await seedHistoryDemo(database.db, orgIds);
    }
    // The demo's sales, however they were written, reach the reports through the rollups.
    await rebuildDemoSaleRollups(database.db, new Date());
    await writeDemoFleet(database.db, config.dataDir);
  }
  // The demo's database, seeded now or on an earlier start: its logins are printed, and a
  // customer's sign-in code (which only reaches the outbox without a mail server) is logged.
  const logins = demo?.logins ?? (config.seed === 'off' ? [] : await demoLoginsOf(database.db));
  const demoMode = logins.length > 0;
  // A production start seeds no one and makes no default password: the operator makes the first admin.
  const needsAdmin = !demoMode && !(await hasUsers(database.db));
  // A database seeded by an earlier start (when PostgreSQL got the demo by default) keeps its public passwords.
  const publicDemoLogins = config.seed === 'off' ? (await demoLoginsOf(database.db)).map((login) => login.email) : [];

  const app = await buildApp({
    demoMode,
    database,
    config,
    logger,
    storage,
    sessionCache: { ttlMs: config.sessionCacheTtlMs },
    runJobs: true,
    mqtt: config.mqtt,
    telemetryRetention: config.telemetryRetention,
    secretKey,
    payments: { stripeBaseUrl: config.stripeApiUrl },
    fiscal: { checkboxBaseUrl: config.checkboxApiUrl },
    push: config.fcmServiceAccount
      ? fcmPushProvider({
          account: ZFcmServiceAccount.parse(JSON.parse(fs.readFileSync(config.fcmServiceAccount, 'utf8'))),
          apiBase: config.fcmApiBase,
        })
      : inboxPushProvider,
    channels: {
      ...(config.telegramApiRoot ? { telegramApiRoot: config.telegramApiRoot } : {}),
      ...(config.whatsappApiRoot ? { whatsappApiRoot: config.whatsappApiRoot } : {}),
      whatsappApiVersion: config.whatsappApiVersion,
    },
  });
  let stopping = false;
  let simulator: DemoSimulator | null = null;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // The fleet says goodbye while the broker is still up.
    await simulator?.stop();
    app.log.info({ signal }, 'shutting down');
    // Stops accepting, lets in-flight requests finish, hands claimed jobs back, then checkpoints and closes the database.
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  process.stdout.write(
    startSummary({
      config,
      databaseKind: database.kind,
      brokerPort: app.gateway?.port ?? null,
      seeded: demo !== null,
      logins,
      simulator: config.simulator === 'on' && app.gateway?.port != null,
      needsAdmin,
      publicDemoLogins,
    }),
  );
  if (config.simulator === 'on') {
    const fleetFile = path.join(config.dataDir, DEMO_FLEET_FILE);
    simulator = startDemoSimulator({
      fleetFile,
      brokerPort: app.gateway?.port ?? null,
      logger: app.log,
      // The end-to-end fridges open only when a spec opens them: a customer of their own
      // holding the door open made a spec's "open the door" meet "the door was already opened".
      ...(config.seed === 'e2e' ? { customersPerHour: 0 } : {}),
      // The demo's one warm fridge: its compressor fails, so it warms, alerts and in time locks.
      ...(config.seed === 'demo' ? { controls: DEMO_FLEET_CONTROLS } : {}),
    });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
