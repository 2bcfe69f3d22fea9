/**
 * Sales fault run: a real server process takes N simulated purchases from a fridge
 * over MQTT and is killed with SIGKILL at random points (between a door session and its
 * settlement, in the middle of charging), restarted on the same embedded database, and at
 * the end left to reconcile. The payment provider is the Stripe stand-in (test/stand-ins/stripe-stand-in.ts)
 * in this process, so it outlives every kill and knows every charge. It then checks, per
 * purchase: one sale, paid, and the provider holding exactly one successful payment of that
 * sale for its amount. Prints the figures and exits 1 if any purchase was charged twice,
 * not at all, or lost.
 *
 *   npm run bench:sales-fault
 *   npm run bench:sales-fault -- --purchases 200 --kills 4
 *
 * A row left in process by a kill is reconciled after STUCK_AFTER_MS (2 minutes of real
 * time), so the run ends with a wait of about three minutes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, inArray } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { customerCards, paymentSettings, transactions } from '../apps/server/src/db/schema/index.js';
import { createSecretBox, sealedCredentials } from '../apps/server/src/lib/secrets.js';
import { STUCK_AFTER_MS } from '../apps/server/src/modules/payments/ledger/payment-operations.service.js';
import { PAYMENT_CREDENTIALS } from '../apps/server/src/modules/payments/provider-registry.js';
import { issueToken, TestDevice } from '../apps/server/test/device-client.js';
import { insertMicromarket, insertProduct, insertTags } from '../apps/server/test/factories/catalogue.js';
import { StripeStandIn } from '../apps/server/test/stand-ins/stripe-stand-in.js';

const { values } = parseArgs({
  options: { purchases: { type: 'string', default: '1000' }, kills: { type: 'string', default: '8' } },
});
const PURCHASES = Number(values.purchases);
const KILLS = Number(values.kills);
const SECRET_KEY = 'bench-sales-fault-secret-key-0123456789abcdef';
const STRIPE_KEY = 'sk_test_benchsalesfault0123456789';
const serverDir = path.resolve(import.meta.dirname, '../apps/server');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-sales-fault-'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const ports = { http: await freePort(), mqtt: await freePort() };
const standIn = new StripeStandIn(STRIPE_KEY);
const stripeUrl = await standIn.start();

async function startServer(seed: 'e2e' | 'off'): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(ports.http),
      HOST: '127.0.0.1',
      MQTT_PORT: String(ports.mqtt),
      LOG_LEVEL: 'warn',
      SIMULATOR: 'off',
      SEED: seed,
      SECRET_KEY,
      STRIPE_API_URL: stripeUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 120_000;
  while (!output.includes('Vitrina is running')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await sleep(100);
  }
  return child;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

// 1. A seeded folder; then the shop: Stripe for the main organisation, a fridge, stock, customers.
let server = await startServer('e2e');
server.kill('SIGTERM');
await exited(server);
const database = await openDatabase({ dataDir, databaseUrl: undefined, instances: 1 });
const db = database.db;
const [card] = await db.select().from(customerCards).limit(1);
const orgId = card!.orgId;
const secrets = createSecretBox(SECRET_KEY);
await db
  .update(paymentSettings)
  .set({
    provider: 'stripe',
    credentialsSealed: sealedCredentials(secrets, PAYMENT_CREDENTIALS).seal(orgId, { secret_key: STRIPE_KEY }),
  })
  .where(eq(paymentSettings.orgId, orgId));
// The hold at door open and its capture at close: a kill may fall between the two.
const micromarketId = await insertMicromarket(db, orgId, 'Fault run', {
  settings: { payment_rfid: true, hold_enabled: true, hold_amount: 10_000 },
});
const credentials = await issueToken(db, micromarketId);
const productId = await insertProduct(db, orgId, {
  name: 'Fault sandwich',
  sellCostMinor: 7_500,
  baseCostMinor: 4_000,
});
const codes = Array.from({ length: PURCHASES }, (_, i) => `E2FA${String(i).padStart(8, '0')}`);
for (let i = 0; i < codes.length; i += 1000) {
  await insertTags(
    db,
    orgId,
    productId,
    codes.slice(i, i + 1000).map((code) => ({ code, status: 'in_micromarket', micromarketId })),
  );
}
const tokens = (
  await db.select({ token: customerCards.token }).from(customerCards).where(eq(customerCards.orgId, orgId))
).map((row) => row.token);
await database.close();

// 2. The purchases, with kills at random points.
server = await startServer('off');
const device = new TestDevice({ url: `mqtt://127.0.0.1:${ports.mqtt}`, ...credentials }, () => Date.now());
await device.connect();
const killAt = new Set(Array.from({ length: KILLS }, () => 1 + Math.floor(Math.random() * (PURCHASES - 1))));
const sessions: { id: string; closed: Record<string, unknown> }[] = [];
let kills = 0;
const started = Date.now();
for (let i = 0; i < PURCHASES; i += 1) {
  const id = randomUUID();
  const at = Date.now();
  const customer_token = tokens[i % tokens.length]!;
  const closed = {
    id,
    state: 'closed',
    kind: 'customer',
    opened_at: at,
    closed_at: at + 1,
    taken_tags: [codes[i]!],
    customer_token,
  };
  try {
    await device.send('door-session', { id, state: 'opened', kind: 'customer', opened_at: at, customer_token });
    await device.send('door-session', closed);
  } catch {
    // The broker went down with the server: the session is re-sent after the restart.
  }
  sessions.push({ id, closed });
  if (killAt.has(i)) {
    // Somewhere between the session reaching the server and its settlement finishing.
    await sleep(Math.floor(Math.random() * 400));
    server.kill('SIGKILL');
    await exited(server);
    kills += 1;
    await device.close().catch(() => {});
    server = await startServer('off');
    await device.connect();
    // A real fridge re-sends a session the server may not have stored; the id makes it one.
    for (const session of sessions.slice(-50)) await device.send('door-session', session.closed);
  }
}
const sendSeconds = (Date.now() - started) / 1000;
// Every session once more, as a fridge re-sends after reconnecting; then time for reconciliation.
for (const session of sessions) await device.send('door-session', session.closed);
await sleep(STUCK_AFTER_MS + 70_000);
await device.close();
server.kill('SIGTERM');
await exited(server);

// 3. The books.
const check = await openDatabase({ dataDir, databaseUrl: undefined, instances: 1 });
const sales = await check.db
  .select()
  .from(transactions)
  .where(
    inArray(
      transactions.doorSessionId,
      sessions.map((session) => session.id),
    ),
  );
await check.close();
const bySession = new Map(sales.map((sale) => [sale.doorSessionId, sale]));
let paidOnce = 0;
const problems: string[] = [];
for (const session of sessions) {
  const sale = bySession.get(session.id);
  if (!sale) {
    problems.push(`session ${session.id}: no sale`);
    continue;
  }
  const charges = standIn
    .allIntents()
    .filter(
      (intent) =>
        (intent.metadata.idempotency_key ?? '').startsWith(`sale:${sale.id}:`) && intent.status === 'succeeded',
    );
  const taken = charges.reduce((sum, intent) => sum + (intent.amount_received ?? 0), 0);
  if (sale.paymentStatus !== 1)
    problems.push(`sale ${sale.id}: payment status ${sale.paymentStatus} (${sale.errorCode})`);
  else if (charges.length !== 1 || taken !== sale.amountMinor)
    problems.push(`sale ${sale.id}: ${charges.length} payments taking ${taken} for ${sale.amountMinor}`);
  else paidOnce += 1;
}
await standIn.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(`purchases: ${PURCHASES}, server kills: ${kills}, sending took ${sendSeconds.toFixed(1)} s`);
console.log(`sales: ${sales.length}, paid exactly once at the provider: ${paidOnce}/${PURCHASES}`);
console.log(`Stripe stand-in requests: ${standIn.requests.length}, protocol violations: ${standIn.violations.length}`);
for (const problem of problems.slice(0, 20)) console.log(`  ${problem}`);
process.exit(problems.length === 0 && standIn.violations.length === 0 ? 0 : 1);
