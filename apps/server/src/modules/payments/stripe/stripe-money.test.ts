import { randomUUID } from 'node:crypto';
import { api, PAYMENT_STATUS, SALE_PAYMENT, SALE_STATUS } from '@vitrina/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../../test/api-client.js';
import { insertMicromarket, insertProduct } from '../../../../test/factories/catalogue.js';
import { rowLeftInProcess } from '../../../../test/factories/payments.js';
import { insertCustomerWithCard } from '../../../../test/factories/sales.js';
import { createTenant } from '../../../../test/factories/tenant.js';
import { createSignedInUser } from '../../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../../test/helper.js';
import { type StandInEvent, StripeStandIn } from '../../../../test/stand-ins/stripe-stand-in.js';
import {
  customerCards,
  installation,
  paymentTransactions,
  transactionProducts,
  transactions,
} from '../../../db/schema/index.js';
import { TestClock } from '../../../lib/clock.js';
import { settleJob } from '../../sales/index.js';
import { holdSale } from '../../sales/settlement.service.js';

/**
 * Issue 24, Stripe's money flows through the real server against the Stripe stand-in, which
 * checks every request against Stripe's published OpenAPI (test/specs/stripe-spec3.subset.json):
 * refunds Stripe answers pending and settles by webhook, amounts below Stripe's minimum, an
 * answer lost and found by its key, and the installation's prefix on every key.
 */
const SECRET_KEY = 'sk_test_51MoneyFlows0123456789';
const WEBHOOK_SECRET = 'whsec_moneyflows0123456789';
const standIn = new StripeStandIn(SECRET_KEY);
const clock = new TestClock();
let ctx: TestContext;
let stripeBaseUrl = '';
beforeAll(async () => {
  stripeBaseUrl = await standIn.start();
  ctx = await createTestContext({ clock, live: { flushMs: 0 }, payments: { stripeBaseUrl } });
});
afterAll(async () => {
  await ctx.close();
  await standIn.stop();
});
afterEach(() => expect(standIn.violations).toEqual([]));

const db = () => ctx.database.db;
const PRICE = 9_900;

/** An organisation on Stripe, a micromarket holding 300.00 at the door, a customer whose card Stripe saved, and its staff. */
async function shop() {
  const tenant = await createTenant(db());
  const orgId = tenant.org.main;
  const operator = await tenant.token('operator');
  await okApi(ctx, api.payment.updateSettings, {
    params: { org_id: orgId },
    token: operator,
    body: { provider: 'stripe', secret_key: SECRET_KEY, webhook_secret: WEBHOOK_SECRET },
  });
  const micromarketId = await insertMicromarket(db(), orgId, 'Lobby', {
    settings: { payment_rfid: true, hold_enabled: true, hold_amount: 30_000 },
  });
  const product = await insertProduct(db(), orgId, { name: 'Sandwich', sellCostMinor: PRICE });
  const customer = await insertCustomerWithCard(db(), orgId);
  await db()
    .update(customerCards)
    .set({
      provider: 'stripe',
      providerAccount: 'acct_standin',
      paymentMethod: 'pm_card_visa',
      providerCustomer: 'cus_1',
    })
    .where(eq(customerCards.userId, customer.userId));
  const staff = await createSignedInUser(db(), {
    orgId,
    permissions: ['show_transactions_page', 'show_update_transaction_page'],
  });
  return { orgId, micromarketId, product, customer, staff: staff.token };
}
type Shop = Awaited<ReturnType<typeof shop>>;

/** A customer's sale of `amountMinor` at the door: held at open when `held`, then closed and waiting for its settlement. */
async function closedSale(s: Shop, amountMinor: number, options: { held?: boolean } = {}) {
  const [sale] = await db()
    .insert(transactions)
    .values({
      orgId: s.orgId,
      micromarketId: s.micromarketId,
      customerId: s.customer.userId,
      clientType: 1,
      paymentType: 1,
      status: SALE_STATUS.new,
      currency: 'UAH',
      openedAt: clock.now(),
    })
    .returning();
  if (options.held) await holdSale(ctx.app.services, ctx.app.payments, sale!.id);
  await db().insert(transactionProducts).values({
    transactionId: sale!.id,
    productId: s.product,
    name: 'Sandwich',
    source: 'tag',
    quantity: 1,
    listPriceMinor: amountMinor,
    priceMinor: amountMinor,
  });
  await db()
    .update(transactions)
    .set({ status: SALE_STATUS.processing, grossMinor: amountMinor, amountMinor, closedAt: clock.now() })
    .where(eq(transactions.id, sale!.id));
  return sale!.id;
}

async function runJobs() {
  await ctx.app.jobs.idle();
  for (let round = 0; round < 3; round += 1) await ctx.app.jobs.runDue();
}

async function settle(id: number) {
  await ctx.app.jobs.enqueue(settleJob, { id }, { key: `sale-settle:${id}` });
  await runJobs();
}

/** The reconciliation's rounds, the clock moved past the time a row counts as stuck. */
async function reconcile(minutes = 3) {
  clock.advance(minutes * 60_000);
  await ctx.app.jobs.scheduleRecurring();
  await runJobs();
}

const saleOf = async (id: number) => (await db().select().from(transactions).where(eq(transactions.id, id)))[0]!;
const ledgerOf = (id: number) =>
  db()
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.transactionId, id))
    .orderBy(paymentTransactions.id);

/** Posts an event as Stripe does: signed now by the endpoint's secret. */
function deliver(orgId: number, event: StandInEvent) {
  const { body, signature } = standIn.signed(event, WEBHOOK_SECRET, Math.floor(clock.nowMs() / 1000));
  return ctx.app.inject({
    method: 'POST',
    url: `/v1/payment/webhook/${orgId}/stripe`,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
}

const refund = (s: Shop, id: number, amountMinor: number, key = randomUUID()) =>
  callApi(ctx, api.transaction.refund, {
    params: { id },
    token: s.staff,
    body: { amount_minor: amountMinor, idempotency_key: key, reason: 'Goodwill' },
  });

async function paidSale(s: Shop) {
  const id = await closedSale(s, PRICE);
  await settle(id);
  expect(await saleOf(id)).toMatchObject({ paymentStatus: SALE_PAYMENT.paid, paidMinor: PRICE });
  return id;
}

describe('refunds Stripe answers pending', () => {
  it('stays in process, is looked at (never asked again with another body), and its refund.updated webhook books it', async () => {
    const s = await shop();
    const id = await paidSale(s);
    standIn.refundsPending = true;
    const answer = await refund(s, id, 4_000);
    standIn.refundsPending = false;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().payment).toMatchObject({ status: PAYMENT_STATUS.inProcess, amount_minor: 4_000 });
    const [, pending] = await ledgerOf(id);
    expect(pending).toMatchObject({
      operation: 'refund',
      status: 10,
      providerReference: expect.stringMatching(/^re_/),
    });
    expect(await saleOf(id)).toMatchObject({ refundedMinor: 0, paymentStatus: SALE_PAYMENT.paid });

    // The reconciliation reads the refund by its id: it is still pending, the row stays so.
    await reconcile();
    expect((await ledgerOf(id))[1]).toMatchObject({ status: 10, errorCode: null });
    const posts = standIn.requests.filter((entry) => entry.idempotencyKey?.endsWith(pending!.idempotencyKey));
    expect(posts).toHaveLength(1);
    expect(
      standIn.requests.some(
        (entry) => entry.method === 'GET' && entry.path === `/v1/refunds/${pending!.providerReference}`,
      ),
    ).toBe(true);

    // The bank confirms it: Stripe sends refund.updated and charge.refund.updated.
    standIn.settleRefund(pending!.providerReference!, 'succeeded');
    const [updated, chargeRefund] = standIn.events.slice(-2);
    expect([updated!.type, chargeRefund!.type]).toEqual(['refund.updated', 'charge.refund.updated']);
    const first = await deliver(s.orgId, updated!);
    expect(first.statusCode, first.body).toBe(200);
    expect((await deliver(s.orgId, chargeRefund!)).json()).toEqual({ received: true, duplicate: false });
    expect((await ledgerOf(id))[1]).toMatchObject({ status: 1 });
    expect(await saleOf(id)).toMatchObject({ refundedMinor: 4_000, paidMinor: PRICE });
  });

  it('a refund the bank refuses is released: the sale’s refunded amount stays, and the same money can be refunded again', async () => {
    const s = await shop();
    const id = await paidSale(s);
    standIn.refundsPending = true;
    expect((await refund(s, id, PRICE)).statusCode).toBe(200);
    standIn.refundsPending = false;
    // In process, it counts as given: nothing more can be refunded meanwhile.
    expect((await refund(s, id, 100)).statusCode).toBe(409);
    const pending = (await ledgerOf(id))[1]!;
    standIn.settleRefund(pending.providerReference!, 'failed', 'expired_or_canceled_card');
    expect((await deliver(s.orgId, standIn.events.at(-2)!)).statusCode).toBe(200);
    expect((await ledgerOf(id))[1]).toMatchObject({
      status: 2,
      errorCode: 'refund_failed',
      errorMessage: 'expired_or_canceled_card',
    });
    expect(await saleOf(id)).toMatchObject({ refundedMinor: 0 });
    const again = await refund(s, id, PRICE);
    expect(again.statusCode, again.body).toBe(200);
    expect(await saleOf(id)).toMatchObject({ refundedMinor: PRICE });
  });

  it('a pending refund of before the fix (its row kept the refund’s id, not the payment’s) is read, not sent as a payment', async () => {
    const s = await shop();
    const id = await paidSale(s);
    const [charge] = await ledgerOf(id);
    standIn.refundsPending = true;
    const made = await fetch(`${stripeBaseUrl}/v1/refunds`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${SECRET_KEY}`,
        'stripe-version': '2024-06-20',
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': randomUUID(),
      },
      body: new URLSearchParams({ payment_intent: charge!.providerReference!, amount: '1500' }).toString(),
    }).then((response) => response.json() as Promise<{ id: string }>);
    standIn.refundsPending = false;
    // What the old ledger left: a refund in process whose reference is the refund's, its request without the payment's.
    const legacyKey = `txn:${id}:refund:${randomUUID()}`;
    await rowLeftInProcess(ctx, {
      orgId: s.orgId,
      operation: 'refund',
      amountMinor: 1_500,
      idempotencyKey: legacyKey,
      parentId: charge!.id,
      providerReference: made.id,
      request: { amountMinor: 1_500 },
      now: clock.now(),
    });
    await db()
      .update(paymentTransactions)
      .set({ provider: 'stripe', transactionId: id })
      .where(eq(paymentTransactions.idempotencyKey, legacyKey));
    standIn.settleRefund(made.id, 'succeeded');
    await reconcile();
    expect((await ledgerOf(id)).find((row) => row.idempotencyKey === legacyKey)).toMatchObject({ status: 1 });
    expect(standIn.requests.filter((entry) => entry.form.payment_intent === made.id)).toEqual([]);
    expect(await saleOf(id)).toMatchObject({ refundedMinor: 1_500 });
  });

  it('a refund whose answer was lost is asked again with exactly the same request and key', async () => {
    const s = await shop();
    const id = await paidSale(s);
    standIn.dropNextAnswer = true;
    expect((await refund(s, id, 2_500)).statusCode).toBe(200);
    const lost = (await ledgerOf(id))[1]!;
    expect(lost).toMatchObject({ status: 10, providerReference: null });
    await reconcile();
    expect((await ledgerOf(id))[1]).toMatchObject({ status: 1, providerReference: expect.stringMatching(/^re_/) });
    const asked = standIn.requests.filter((entry) => entry.idempotencyKey?.endsWith(lost.idempotencyKey));
    expect(asked).toHaveLength(2);
    expect(asked[1]).toEqual(asked[0]);
    expect(await saleOf(id)).toMatchObject({ refundedMinor: 2_500 });
  });
});

describe('amounts below Stripe’s minimum (₴25.00)', () => {
  it('a sale just above its hold: the capture leaves the minimum to the charge, and the sale is paid in full', async () => {
    const s = await shop();
    const id = await closedSale(s, 30_007, { held: true });
    await settle(id);
    expect(await saleOf(id)).toMatchObject({ paymentStatus: SALE_PAYMENT.paid, paidMinor: 30_007, errorCode: null });
    const ledger = await ledgerOf(id);
    expect(ledger.map((row) => [row.operation, row.status, row.amountMinor])).toEqual([
      ['hold', 1, 30_000],
      ['capture', 1, 27_507],
      ['charge', 1, 2_500],
    ]);
  });

  it('a sale below the minimum is not asked of Stripe: written off, its hold let go, the customer not held to it', async () => {
    const s = await shop();
    const id = await closedSale(s, 1_000, { held: true });
    await settle(id);
    expect(await saleOf(id)).toMatchObject({
      status: SALE_STATUS.successful,
      paymentStatus: SALE_PAYMENT.notPaid,
      paidMinor: 0,
      errorCode: 'amount_below_minimum',
    });
    const ledger = await ledgerOf(id);
    expect(ledger.map((row) => [row.operation, row.status])).toEqual([
      ['hold', 1],
      ['release', 1],
    ]);
    // Charging it again is refused before any call, with the minimum in the caller's words.
    const again = await callApi(ctx, api.transaction.charge, {
      params: { id },
      token: s.staff,
      body: { idempotency_key: randomUUID() },
      lang: 'pl',
    });
    expect(again.statusCode).toBe(409);
    expect(again.error().message).toBe(
      'Należna kwota jest niższa niż minimalne obciążenie systemu płatności (25.00 UAH): nie można jej pobrać',
    );
  });
});

describe('Stripe’s minimum in a converted currency', () => {
  // A hryvnia charge must convert to the account's $0.50 at the day's rate; when the hryvnia
  // weakens past our ₴25.00, Stripe refuses amounts we thought were enough.
  afterEach(() => {
    standIn.minimumMinor.uah = 2_075;
  });

  it('a charge Stripe refuses as too small is written off like one foreseen (amount_below_minimum, which the sales gate does not count)', async () => {
    const s = await shop();
    standIn.minimumMinor.uah = 2_600;
    const id = await closedSale(s, 2_550);
    await settle(id);
    expect(await saleOf(id)).toMatchObject({
      paymentStatus: SALE_PAYMENT.notPaid,
      paidMinor: 0,
      errorCode: 'amount_below_minimum',
    });
    expect((await ledgerOf(id)).map((row) => [row.operation, row.status, row.errorCode])).toEqual([
      ['charge', 2, 'amount_too_small'],
    ]);
  });

  it('a capture Stripe refuses as too small: the sale is written off and its hold let go', async () => {
    const s = await shop();
    const id = await closedSale(s, 2_550, { held: true });
    standIn.minimumMinor.uah = 2_600;
    await settle(id);
    expect(await saleOf(id)).toMatchObject({ paymentStatus: SALE_PAYMENT.notPaid, errorCode: 'amount_below_minimum' });
    expect((await ledgerOf(id)).map((row) => [row.operation, row.status])).toEqual([
      ['hold', 1],
      ['capture', 2],
      ['release', 1],
    ]);
  });
});

describe('answers lost on the way', () => {
  it('a charge whose answer was lost is settled by Stripe’s webhook, matched by the key in its metadata', async () => {
    const s = await shop();
    const id = await closedSale(s, PRICE);
    standIn.dropNextAnswer = true;
    await settle(id);
    const [lost] = await ledgerOf(id);
    expect(lost).toMatchObject({ operation: 'charge', status: 10, providerReference: null });
    const event = standIn.events.findLast((candidate) => candidate.type === 'payment_intent.succeeded')!;
    expect((await deliver(s.orgId, event)).statusCode).toBe(200);
    expect((await ledgerOf(id))[0]).toMatchObject({ status: 1, providerReference: event.data.object.id });
  });

  it('past Stripe’s 24 hours of keys, a lost hold is found by the Search API, not asked again', async () => {
    const s = await shop();
    const saleId = await closedSale(s, PRICE);
    await db().update(transactions).set({ status: SALE_STATUS.new, closedAt: null }).where(eq(transactions.id, saleId));
    standIn.dropNextAnswer = true;
    await holdSale(ctx.app.services, ctx.app.payments, saleId);
    const [lost] = await ledgerOf(saleId);
    expect(lost).toMatchObject({ operation: 'hold', status: 10 });
    await reconcile(25 * 60);
    expect((await ledgerOf(saleId))[0]).toMatchObject({ status: 1, providerReference: expect.stringMatching(/^pi_/) });
    const created = standIn.requests.filter(
      (entry) => entry.method === 'POST' && entry.idempotencyKey?.endsWith(lost!.idempotencyKey),
    );
    expect(created).toHaveLength(1);
    const search = standIn.requests.findLast((entry) => entry.path === '/v1/payment_intents/search');
    expect(search).toBeDefined();
  });
});

describe('the installation’s prefix', () => {
  it('every idempotency key and metadata key sent to Stripe starts with this database’s installation prefix', async () => {
    const [row] = await db().select().from(installation);
    const keyPrefix = row!.keyPrefix;
    expect(keyPrefix).toMatch(/^v[0-9a-f]{12}$/);
    const s = await shop();
    const since = standIn.requests.length;
    await paidSale(s);
    const posts = standIn.requests.slice(since).filter((entry) => entry.method === 'POST');
    expect(posts.length).toBeGreaterThan(0);
    for (const post of posts) {
      expect(post.idempotencyKey?.startsWith(`${keyPrefix}:`), post.idempotencyKey ?? '').toBe(true);
      const metadataKey = post.form['metadata[idempotency_key]'];
      if (metadataKey !== undefined) expect(metadataKey).toBe(post.idempotencyKey);
    }
    // The ledger keeps its own keys, without the prefix.
    const rows = await db()
      .select({ key: paymentTransactions.idempotencyKey })
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.orgId, s.orgId)));
    expect(rows.every((row) => !row.key.startsWith(keyPrefix))).toBe(true);
  });
});
