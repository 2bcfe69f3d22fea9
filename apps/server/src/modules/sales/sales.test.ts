import { randomUUID } from 'node:crypto';
import { api } from '@vitrina/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { issueToken, TEST_MQTT_OPTIONS, TestDevice, testBrokerUrl } from '../../../test/device-client.js';
import { insertMicromarket, insertProduct, insertTags } from '../../../test/factories/catalogue.js';
import { routeEvent, toldOf } from '../../../test/factories/notifications.js';
import { orgOnTestProvider } from '../../../test/factories/payments.js';
import { insertCustomerWithCard } from '../../../test/factories/sales.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import {
  jobs,
  micromarketDiscounts,
  paymentTransactions,
  personalPrices,
  salesDaily,
  tags,
  transactionProducts,
  transactions,
  users,
} from '../../db/schema/index.js';
import { TestClock } from '../../lib/clock.js';
import { fiscalKey } from '../fiscal/index.js';
import { ROLLUPS_EVERY_MS } from '../reports/index.js';
import { BONUS_TOP_UP, bonusBalance, bookBonus } from './bonus-ledger.js';
import { settleJob } from './index.js';
import { queueSaleStep, requestSettlement } from './settlement.service.js';

/** A customer's door session, from the fridge's messages to the money taken. */
let ctx: TestContext;
let url: string;
const clock = new TestClock(Date.now());

beforeAll(async () => {
  ctx = await createTestContext({ clock, live: { flushMs: 0 }, mqtt: TEST_MQTT_OPTIONS });
  url = testBrokerUrl(ctx.app.gateway?.port);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

type ShopOptions = { settings?: Record<string, unknown>; simulate?: string };

/** An organisation on the test provider with one connected fridge stocked with two products. */
async function shop(options: ShopOptions = {}) {
  const { orgId, setSimulation, operator } = await orgOnTestProvider(ctx, options.simulate);
  const micromarketId = await insertMicromarket(db(), orgId, 'Lobby', {
    settings: { payment_rfid: true, ...options.settings },
  });
  const credentials = await issueToken(db(), micromarketId);
  const device = new TestDevice({ url, ...credentials }, () => clock.nowMs());
  await device.connect();
  const sandwich = await insertProduct(db(), orgId, { name: 'Sandwich', sellCostMinor: 9_900, baseCostMinor: 6_000 });
  const water = await insertProduct(db(), orgId, { name: 'Water', sellCostMinor: 2_500, baseCostMinor: 900 });
  const stocked = await insertTags(
    db(),
    orgId,
    sandwich,
    [1, 2].map(() => ({
      code: `E2${randomUUID().replaceAll('-', '').slice(0, 22).toUpperCase()}`,
      status: 'in_micromarket' as const,
      micromarketId,
    })),
  );
  const customer = await insertCustomerWithCard(db(), orgId);
  return {
    orgId,
    micromarketId,
    device,
    sandwich,
    water,
    tags: stocked.map((tag) => tag.code),
    customer,
    setSimulation,
    operator,
  };
}

type Shop = Awaited<ReturnType<typeof shop>>;

/** The customer opens the door, takes what is given, closes it; answers the session id. */
async function purchase(
  s: Shop,
  taken: { tags?: string[]; detections?: { product_id: number; quantity: number; source: 'weight' | 'camera' }[] },
  customerToken: string | null = s.customer.token,
) {
  const id = randomUUID();
  const at = clock.nowMs();
  const who = customerToken ? { customer_token: customerToken } : {};
  await s.device.send('door-session', { id, state: 'opened', kind: 'customer', opened_at: at, ...who });
  await expect.poll(() => saleOfSession(id)).toBeTruthy();
  // The hold (when the micromarket holds) is placed before the customer closes the door.
  await ctx.app.jobs.idle();
  await s.device.send('door-session', {
    id,
    state: 'closed',
    kind: 'customer',
    opened_at: at,
    closed_at: at + 15_000,
    taken_tags: taken.tags ?? [],
    detections: taken.detections ?? [],
    ...who,
  });
  await expect.poll(async () => (await saleOfSession(id))?.closedAt ?? null).not.toBeNull();
  // The instance settles a closed sale at once; its job waits behind as the fallback.
  await ctx.app.jobs.idle();
  return id;
}

async function saleOfSession(sessionId: string) {
  const [row] = await db().select().from(transactions).where(eq(transactions.doorSessionId, sessionId));
  return row ?? null;
}

/** The sale once the settlement is done: the in-memory settler's work and the job runner's both. */
async function settled(sessionId: string) {
  await ctx.app.jobs.idle();
  await ctx.app.jobs.runDue();
  await ctx.app.jobs.idle();
  return (await saleOfSession(sessionId))!;
}

const ledgerOf = (transactionId: number) =>
  db()
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.transactionId, transactionId))
    .orderBy(paymentTransactions.id);

const tagStatuses = async (codes: string[]) =>
  (await db().select({ status: tags.status }).from(tags).where(inArray(tags.code, codes))).map((row) => row.status);

describe('sales from door sessions', () => {
  it('prices what a customer took (personal price, discount, bonuses first) and charges the saved card once', async () => {
    // A mixed cabinet: tagged sandwiches by RFID, untagged water by the scales.
    const s = await shop({ settings: { payment_scales: true } });
    await db()
      .insert(personalPrices)
      .values({ micromarketId: s.micromarketId, productId: s.sandwich, priceMinor: 9_000 });
    await db().insert(micromarketDiscounts).values({ micromarketId: s.micromarketId, percent: 10 });
    await bookBonus(db(), {
      orgId: s.orgId,
      userId: s.customer.userId,
      operation: BONUS_TOP_UP,
      amountMinor: 500,
      transactionId: null,
      reason: 'manual',
      idempotencyKey: `test:${randomUUID()}`,
      at: clock.now(),
    });
    // The scales see the tagged sandwich too (as real hardware reports): it is charged once, by its tag.
    const session = await purchase(s, {
      tags: [s.tags[0]!],
      detections: [
        { product_id: s.sandwich, quantity: 1, source: 'weight' },
        { product_id: s.water, quantity: 2, source: 'weight' },
      ],
    });
    const closed = (await saleOfSession(session))!;
    // 9,000 × 0.9 = 8,100 for the sandwich; 2,500 × 0.9 = 2,250 twice for the water.
    expect(closed).toMatchObject({
      clientType: 1,
      customerId: s.customer.userId,
      paymentType: 1,
      grossMinor: 14_000,
      discountMinor: 1_400,
      bonusesUsedMinor: 500,
      amountMinor: 12_100,
      costMinor: 7_800,
    });
    const sale = await settled(session);
    expect(sale).toMatchObject({ status: 1, paymentStatus: 1, paidMinor: 12_100, errorCode: null });
    expect(await tagStatuses([s.tags[0]!])).toEqual(['sold']);
    const ledger = await ledgerOf(sale.id);
    expect(ledger.map((row) => [row.operation, row.type, row.status, row.amountMinor])).toEqual([
      ['charge', 1, 1, 12_100],
    ]);
    const lines = await db().select().from(transactionProducts).where(eq(transactionProducts.transactionId, sale.id));
    expect(lines.map((line) => [line.name, line.source, line.quantity, line.priceMinor]).sort()).toEqual([
      ['Sandwich', 'tag', 1, 8_100],
      ['Water', 'weight', 2, 2_250],
    ]);
    expect(await bonusBalance(db(), s.customer.userId)).toBe(0);
    const [cached] = await db().select({ bonuses: users.bonuses }).from(users).where(eq(users.id, s.customer.userId));
    expect(cached!.bonuses).toBe(0);
    // The fallback job, a retry or a second instance settling again takes nothing more.
    clock.advance(60_000);
    await ctx.app.jobs.enqueue(settleJob, { id: sale.id });
    await ctx.app.jobs.runDue();
    expect(await ledgerOf(sale.id)).toHaveLength(1);
    await s.device.close();
  });

  it('holds at door open, captures the real amount at close and lets the rest go', async () => {
    const s = await shop({ settings: { hold_enabled: true, hold_amount: 20_000 } });
    const session = await purchase(s, { tags: [s.tags[0]!] });
    const sale = await settled(session);
    expect(sale).toMatchObject({ status: 1, paymentStatus: 1, paidMinor: 9_900 });
    const ledger = await ledgerOf(sale.id);
    expect(ledger.map((row) => [row.operation, row.status, row.amountMinor])).toEqual([
      ['hold', 1, 20_000],
      ['capture', 1, 9_900],
    ]);
    await s.device.close();
  });

  it('releases the hold when nothing was taken, and the sale is "nothing taken"', async () => {
    const s = await shop({ settings: { hold_enabled: true, hold_amount: 20_000 } });
    const session = await purchase(s, {});
    const sale = await settled(session);
    expect(sale).toMatchObject({ status: 1, paymentStatus: 3, amountMinor: 0 });
    expect((await ledgerOf(sale.id)).map((row) => [row.operation, row.status])).toEqual([
      ['hold', 1],
      ['release', 1],
    ]);
    await s.device.close();
  });

  it('a declined card leaves the sale not paid with the reason, and its tags not paid', async () => {
    const s = await shop({ simulate: 'decline' });
    const session = await purchase(s, { tags: [s.tags[1]!] });
    const sale = await settled(session);
    expect(sale).toMatchObject({ status: 1, paymentStatus: 2, paidMinor: 0, errorCode: 'card_declined' });
    expect(await tagStatuses([s.tags[1]!])).toEqual(['not_paid']);
    await s.device.close();
  });

  it('a charge-again the provider did not answer is settled by the reconciliation, and the sale becomes paid', async () => {
    const s = await shop({ simulate: 'decline' });
    const session = await purchase(s, { tags: [s.tags[1]!] });
    const notPaid = await settled(session);
    expect(notPaid).toMatchObject({ status: 1, paymentStatus: 2 });
    await s.setSimulation('timeout');
    const answer = await callApi(ctx, api.transaction.charge, {
      params: { id: notPaid.id },
      token: s.operator,
      body: { idempotency_key: randomUUID() },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      payment: { operation: 'charge', status: 10 },
      transaction: { payment_status: 2 },
    });

    await s.setSimulation('none');
    await ctx.app.jobs.scheduleRecurring();
    for (let round = 0; round < 3; round += 1) {
      clock.advance(10 * 60_000);
      await ctx.app.jobs.runDue();
    }
    const sale = (await saleOfSession(session))!;
    expect(sale).toMatchObject({ status: 1, paymentStatus: 1, paidMinor: 9_900, errorCode: null });
    expect(await tagStatuses([s.tags[1]!])).toEqual(['sold']);
    await s.device.close();
  });

  it('a guest nobody knows cannot be charged: not paid, no card', async () => {
    const s = await shop();
    const session = await purchase(s, { tags: [s.tags[0]!] }, null);
    const sale = await settled(session);
    expect(sale).toMatchObject({ clientType: 0, customerId: null, paymentStatus: 2, errorCode: 'no_card' });
    expect(await ledgerOf(sale.id)).toEqual([]);
    await s.device.close();
  });

  it("a card token of another organisation's customer is not theirs to charge: the sale is a guest's", async () => {
    const s = await shop();
    const other = await shop();
    const session = await purchase(s, { tags: [s.tags[0]!] }, other.customer.token);
    const sale = await settled(session);
    expect(sale).toMatchObject({ clientType: 0, customerId: null, paymentStatus: 2, errorCode: 'no_card' });
    expect(await ledgerOf(sale.id)).toEqual([]);
    await s.device.close();
    await other.device.close();
  });

  it('in test payment mode the test amount is charged instead of the products', async () => {
    const s = await shop({ settings: { test_mode: true, test_amount: 100 } });
    const session = await purchase(s, { tags: [s.tags[0]!] });
    const sale = await settled(session);
    expect(sale).toMatchObject({ isTest: true, grossMinor: 9_900, amountMinor: 100, paidMinor: 100, paymentStatus: 1 });
    await s.device.close();
  });

  it('manual check mode waits for an operator; the corrected sale is then paid for what was corrected', async () => {
    const s = await shop({ settings: { manual_check_mode: true, payment_rfid: false, payment_neuro: true } });
    // Whoever the organisation routes manual checks to is told (the outbox row; channels have their own tests).
    await routeEvent(db(), s.orgId, 'manual_check');
    const session = await purchase(s, { detections: [{ product_id: s.water, quantity: 3, source: 'camera' }] });
    const waiting = await settled(session);
    expect(waiting).toMatchObject({ status: 2, paymentStatus: 0, paymentType: 4, amountMinor: 7_500 });
    const told = (await toldOf(db(), s.orgId, 'manual_check')).map(({ recipient, key }) => ({ recipient, key }));
    expect(told).toEqual([{ recipient: 'duty', key: `sale:${waiting.id}:manual` }]);
    expect(await ledgerOf(waiting.id)).toEqual([]);
    // The camera counted three; the operator sees two on the evidence.
    await db()
      .update(transactionProducts)
      .set({ quantity: 2, isCorrected: true })
      .where(eq(transactionProducts.transactionId, waiting.id));
    const corrected = await db().transaction((tx) => requestSettlement(tx, waiting.id, clock.now()));
    expect(corrected).toMatchObject({ status: 3, amountMinor: 5_000 });
    await queueSaleStep(ctx.app.services, { sale: corrected!, next: 'settle' });
    const sale = await settled(session);
    expect(sale).toMatchObject({ status: 1, paymentStatus: 1, paidMinor: 5_000 });
    await s.device.close();
  });

  it('a provider that does not answer leaves the sale processing; the retried settlement charges it once', async () => {
    const s = await shop({ simulate: 'timeout' });
    const session = await purchase(s, { tags: [s.tags[0]!] });
    const pending = await settled(session);
    expect(pending.status).toBe(4);
    // The answer was lost, but the provider's webhook carries the key in its metadata: the row
    // is settled by it (a lost answer matched by metadata.idempotency_key).
    expect((await ledgerOf(pending.id)).map((row) => row.status)).toEqual([1]);
    await s.setSimulation('none');
    // The settlement's retry then finishes the sale from the ledger.
    await ctx.app.jobs.scheduleRecurring();
    for (let round = 0; round < 3; round += 1) {
      clock.advance(10 * 60_000);
      await ctx.app.jobs.runDue();
    }
    const sale = (await saleOfSession(session))!;
    expect(sale).toMatchObject({ status: 1, paymentStatus: 1, paidMinor: 9_900 });
    const ledger = await ledgerOf(sale.id);
    expect(ledger.map((row) => [row.operation, row.status])).toEqual([['charge', 1]]);
    // Asked once: the webhook told what the lost answer would have, so nothing was asked again.
    const asked = ctx.app.payments.testBank.calls.filter((call) => call.idempotencyKey === ledger[0]!.idempotencyKey);
    expect(asked).toHaveLength(1);
    expect(ctx.app.payments.testBank.outcomes.get(ledger[0]!.idempotencyKey)).toBeDefined();
    await s.device.close();
  });

  it('a paid sale of a micromarket that registers fiscal receipts queues its fiscal receipt in the same transaction', async () => {
    const s = await shop({ settings: { fiscal_receipts: true } });
    const session = await purchase(s, { tags: [s.tags[0]!] });
    const sale = await settled(session);
    expect(sale.paymentStatus).toBe(1);
    const queued = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.key, fiscalKey(sale.id)));
    expect(queued.map((job) => job.kind)).toEqual(['fiscal.register']);
    await s.device.close();
  });

  it('a session reported closed twice is one sale', async () => {
    const s = await shop();
    const id = randomUUID();
    const at = clock.nowMs();
    const closed = {
      id,
      state: 'closed',
      kind: 'customer',
      opened_at: at,
      closed_at: at + 5_000,
      taken_tags: [s.tags[0]!],
      customer_token: s.customer.token,
    };
    await s.device.send('door-session', closed);
    await s.device.send('door-session', closed);
    await expect.poll(() => saleOfSession(id)).toBeTruthy();
    await ctx.app.gateway!.settle();
    const rows = await db().select().from(transactions).where(eq(transactions.doorSessionId, id));
    expect(rows).toHaveLength(1);
    expect((await settled(id)).paymentStatus).toBe(1);
    await s.device.close();
  });
});

describe('sales rollups', () => {
  it('a settled sale is in its micromarket-day of the rollups, once however often settlement runs', async () => {
    const s = await shop();
    const session = await purchase(s, { tags: [s.tags[0]!] });
    const sale = await settled(session);
    expect(sale).toMatchObject({ paymentStatus: 1, paidMinor: 9_900 });
    // The settlement marks the micromarket-day; the rollups job recomputes it on its next run.
    await ctx.app.jobs.scheduleRecurring();
    clock.advance(ROLLUPS_EVERY_MS);
    await ctx.app.jobs.runDue();
    const rows = await db().select().from(salesDaily).where(eq(salesDaily.micromarketId, s.micromarketId));
    expect(rows.map((row) => [row.day, row.sales, row.items, row.revenueMinor, row.costMinor])).toEqual([
      [sale.openedAt.toISOString().slice(0, 10), 1, 1, 9_900, 6_000],
    ]);
    await s.device.close();
  });
});
