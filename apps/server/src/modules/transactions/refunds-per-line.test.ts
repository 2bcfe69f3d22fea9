import { randomUUID } from 'node:crypto';
import { api, endpointPath, type TestProviderSimulation } from '@vitrina/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { insertMicromarket, insertProduct } from '../../../test/factories/catalogue.js';
import { insertClosedSale, insertCustomerWithCard } from '../../../test/factories/sales.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { call, createTestContext, type TestContext } from '../../../test/helper.js';
import {
  auditLog,
  paymentTransactions,
  refundLines,
  transactionProducts,
  transactions,
} from '../../db/schema/index.js';
import { TestClock } from '../../lib/clock.js';
import type { TestPaymentProvider } from '../payments/test-bank/test-provider.js';
import { deliverTestWebhooks } from '../payments/webhooks/payment-webhooks.service.js';
import { settleJob } from '../sales/index.js';

/**
 * Refunds an operator can trust: by products or by amount, always with a reason,
 * refused (never cut down) past what is left, a failed refund giving its products back, and
 * the sale's refund state on the card and in the list.
 */
const clock = new TestClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock, live: { flushMs: 0 } });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const SANDWICH = 9_900;
const WATER = 2_500;

/** A tenant of its own on the test provider: a micromarket, a customer with a saved card, and a cashier who may refund. */
async function shop() {
  const tenant = await createTenant(db());
  const orgId = tenant.org.main;
  const operator = await tenant.token('operator');
  const setSimulation = (simulate: TestProviderSimulation) =>
    okApi(ctx, api.payment.updateSettings, {
      params: { org_id: orgId },
      token: operator,
      body: { provider: 'test', simulate },
    });
  await setSimulation('none');
  const micromarketId = await insertMicromarket(db(), orgId, 'Lobby');
  const sandwich = await insertProduct(db(), orgId, { name: 'Sandwich', sellCostMinor: SANDWICH });
  const water = await insertProduct(db(), orgId, { name: 'Water', sellCostMinor: WATER });
  const customer = await insertCustomerWithCard(db(), orgId);
  const cashier = await createSignedInUser(db(), {
    orgId,
    permissions: ['show_transactions_page', 'show_update_transaction_page'],
  });
  return { tenant, orgId, micromarketId, sandwich, water, customer, cashier, setSimulation };
}
type Shop = Awaited<ReturnType<typeof shop>>;

/**
 * A sale of one sandwich and two waters the settlement charged on the customer's card;
 * `bonusesMinor` of it paid with bonuses, so less money was taken than its lines are worth.
 */
async function paidSale(s: Shop, options: { bonusesMinor?: number } = {}) {
  const lines = [
    { productId: s.sandwich, name: 'Sandwich', quantity: 1, priceMinor: SANDWICH, source: 'weight' as const },
    { productId: s.water, name: 'Water', quantity: 2, priceMinor: WATER, source: 'weight' as const },
  ];
  const grossMinor = SANDWICH + 2 * WATER;
  const bonuses = options.bonusesMinor ?? 0;
  const now = clock.now();
  const { sale, lineIds } = await insertClosedSale(
    db(),
    {
      orgId: s.orgId,
      micromarketId: s.micromarketId,
      customerId: s.customer.userId,
      openedAt: new Date(now.getTime() - 20_000),
      closedAt: new Date(now.getTime() - 5_000),
      bonusesUsedMinor: bonuses,
    },
    lines,
  );
  await ctx.app.jobs.enqueue(settleJob, { id: sale.id }, { key: `sale-settle:${sale.id}` });
  await ctx.app.jobs.runDue();
  const [row] = await db().select().from(transactions).where(eq(transactions.id, sale.id));
  expect(row).toMatchObject({ status: 1, paymentStatus: 1, paidMinor: grossMinor - bonuses });
  return { id: sale.id, sandwichLine: lineIds[0]!, waterLine: lineIds[1]! };
}
type Sale = Awaited<ReturnType<typeof paidSale>>;

type RefundBody = {
  amount_minor?: number;
  lines?: { line_id: number; quantity: number }[];
  reason?: string;
  idempotency_key?: string;
};

const refund = (s: Shop, id: number, body: RefundBody, lang?: string) =>
  callApi(ctx, api.transaction.refund, {
    params: { id },
    token: s.cashier.token,
    lang,
    body: { reason: 'Product damaged or expired', idempotency_key: randomUUID(), ...body },
  });

const cardOf = async (s: Shop, id: number) => {
  const response = await callApi(ctx, api.transaction.info, { params: { id }, token: s.cashier.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const listed = async (s: Shop, query: Record<string, string> = {}) => {
  const response = await callApi(ctx, api.transaction.list, {
    token: s.cashier.token,
    query: { org_id: String(s.orgId), ...query },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items;
};

const refundedUnits = async (sale: Sale) => {
  const rows = await db()
    .select({ id: transactionProducts.id, units: transactionProducts.refundedQuantity })
    .from(transactionProducts)
    .where(eq(transactionProducts.transactionId, sale.id))
    .orderBy(transactionProducts.id);
  return rows.map((row) => row.units);
};

const refundRows = async (id: number) =>
  (
    await db()
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.transactionId, id))
      .orderBy(paymentTransactions.id)
  ).filter((row) => row.operation === 'refund');

describe('a refund by products', () => {
  it('refunds one line of two at the price paid, then the other; the sale is partly refunded, then refunded', async () => {
    const s = await shop();
    const sale = await paidSale(s);
    const first = await refund(s, sale.id, { lines: [{ line_id: sale.sandwichLine, quantity: 1 }] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      payment: { operation: 'refund', type: 2, status: 1, amount_minor: SANDWICH },
      transaction: { refunded_minor: SANDWICH, refund_state: 'partly_refunded' },
      error: null,
    });
    expect(await refundedUnits(sale)).toEqual([1, 0]);

    const card = await cardOf(s, sale.id);
    expect(card.refund_state).toBe('partly_refunded');
    expect(card.lines.map((line) => [line.name, line.quantity, line.refunded_quantity])).toEqual([
      ['Sandwich', 1, 1],
      ['Water', 2, 0],
    ]);
    expect(card.actions).toMatchObject({ refundable_minor: 2 * WATER, can_refund: true });
    // Who refunded what, when and why.
    expect(card.refunds).toEqual([
      {
        payment_ids: [first.json().payment.id],
        at: expect.any(String),
        by_name: s.cashier.name,
        reason: 'Product damaged or expired',
        amount_minor: SANDWICH,
        refunded_minor: SANDWICH,
        status: 1,
        lines: [{ line_id: sale.sandwichLine, name: 'Sandwich', quantity: 1 }],
      },
    ]);
    expect((await listed(s)).find((item) => item.id === sale.id)?.refund_state).toBe('partly_refunded');

    // The amount beside the lines is their sum: what the confirmation showed is what is refunded.
    const second = await refund(s, sale.id, {
      lines: [{ line_id: sale.waterLine, quantity: 2 }],
      amount_minor: 2 * WATER,
      reason: 'Goodwill',
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().transaction).toMatchObject({ refunded_minor: SANDWICH + 2 * WATER, refund_state: 'refunded' });
    expect(await refundedUnits(sale)).toEqual([1, 2]);
    const after = await cardOf(s, sale.id);
    expect(after).toMatchObject({ refund_state: 'refunded', actions: { refundable_minor: 0, can_refund: false } });
    expect(after.refunds.map((entry) => [entry.reason, entry.amount_minor, entry.lines.length])).toEqual([
      ['Product damaged or expired', SANDWICH, 1],
      ['Goodwill', 2 * WATER, 1],
    ]);
    expect(await refundRows(sale.id)).toHaveLength(2);
  });

  it('the list filters by refund state', async () => {
    const s = await shop();
    const [none, partly, full] = [await paidSale(s), await paidSale(s), await paidSale(s)];
    expect((await refund(s, partly.id, { lines: [{ line_id: partly.waterLine, quantity: 1 }] })).statusCode).toBe(200);
    expect((await refund(s, full.id, { amount_minor: SANDWICH + 2 * WATER })).statusCode).toBe(200);
    const ids = async (refund_state: string) => (await listed(s, { refund_state })).map((item) => item.id).sort();
    expect(await ids('not_refunded')).toEqual([none.id]);
    expect(await ids('partly_refunded')).toEqual([partly.id]);
    expect(await ids('refunded')).toEqual([full.id]);
    const states = new Map((await listed(s)).map((item) => [item.id, item.refund_state]));
    expect([states.get(none.id), states.get(partly.id), states.get(full.id)]).toEqual([
      'not_refunded',
      'partly_refunded',
      'refunded',
    ]);
    const bad = await callApi(ctx, api.transaction.list, {
      token: s.cashier.token,
      query: { refund_state: 'sometimes' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses more of a line than is left, naming the line’s quantity, and refunds nothing', async () => {
    const s = await shop();
    const sale = await paidSale(s);
    expect((await refund(s, sale.id, { lines: [{ line_id: sale.waterLine, quantity: 1 }] })).statusCode).toBe(200);
    const tooMany = await refund(s, sale.id, {
      lines: [
        { line_id: sale.sandwichLine, quantity: 1 },
        { line_id: sale.waterLine, quantity: 2 },
      ],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({
      message: 'At most 1 of this product can still be refunded',
      fields: { 'lines.1.quantity': 'At most 1 of this product can still be refunded' },
    });
    const polish = await refund(s, sale.id, { lines: [{ line_id: sale.waterLine, quantity: 2 }] }, 'pl');
    expect(polish.error().fields).toEqual({ 'lines.0.quantity': 'Tego produktu można jeszcze zwrócić najwyżej 1' });
    expect(await refundedUnits(sale)).toEqual([0, 1]);
    expect(await refundRows(sale.id)).toHaveLength(1);
    const zero = await refund(s, sale.id, { lines: [{ line_id: sale.waterLine, quantity: 0 }] });
    expect(Object.keys(zero.error().fields!)).toEqual(['lines.0.quantity']);
  });

  it('refuses a line of another sale, the same line twice, and an amount that is not the lines’ sum', async () => {
    const s = await shop();
    const sale = await paidSale(s);
    const other = await paidSale(s);
    const foreign = await refund(s, sale.id, { lines: [{ line_id: other.sandwichLine, quantity: 1 }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.error().fields).toEqual({ 'lines.0.line_id': 'This product is not in this transaction' });
    const twice = await refund(s, sale.id, {
      lines: [
        { line_id: sale.waterLine, quantity: 1 },
        { line_id: sale.waterLine, quantity: 1 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.error().fields).toEqual({ 'lines.1.line_id': 'Each product once; set its quantity instead' });
    const differs = await refund(s, sale.id, {
      lines: [{ line_id: sale.waterLine, quantity: 1 }],
      amount_minor: 2 * WATER,
    });
    expect(differs.statusCode).toBe(400);
    expect(differs.error().fields).toEqual({
      amount_minor: 'The chosen products come to 25.00 UAH; that is what can be refunded for them',
    });
    const neither = await refund(s, sale.id, {});
    expect(neither.statusCode).toBe(400);
    expect(neither.error().fields).toEqual({ amount_minor: 'This field is required' });
    expect(await refundRows(sale.id)).toHaveLength(0);
    expect(await refundedUnits(sale)).toEqual([0, 0]);
    expect(await refundedUnits(other)).toEqual([0, 0]);
  });

  it('caps the lines’ worth at the money taken when bonuses paid a part, and says so of a different amount', async () => {
    const s = await shop();
    const sale = await paidSale(s, { bonusesMinor: 2_900 });
    expect((await refund(s, sale.id, { lines: [{ line_id: sale.sandwichLine, quantity: 1 }] })).statusCode).toBe(200);
    // 12,000 taken, 9,900 given back: the two waters (50.00) give back the 21.00 left.
    const differs = await refund(s, sale.id, {
      lines: [{ line_id: sale.waterLine, quantity: 2 }],
      amount_minor: 5_000,
    });
    expect(differs.error().fields).toEqual({
      amount_minor: 'The chosen products come to 21.00 UAH; that is what can be refunded for them',
    });
    const rest = await refund(s, sale.id, { lines: [{ line_id: sale.waterLine, quantity: 2 }] });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().payment.amount_minor).toBe(2_100);
    expect(rest.json().transaction).toMatchObject({ refunded_minor: 12_000, refund_state: 'refunded' });
  });

  it('two refunds of the same line at once never give back more than its quantity', async () => {
    const s = await shop();
    const sale = await paidSale(s);
    const answers = await Promise.all([
      refund(s, sale.id, { lines: [{ line_id: sale.waterLine, quantity: 2 }] }),
      refund(s, sale.id, { lines: [{ line_id: sale.waterLine, quantity: 2 }] }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((answer) => answer.statusCode === 400)!;
    expect(refused.error().fields).toEqual({ 'lines.0.quantity': 'At most 0 of this product can still be refunded' });
    expect(await refundedUnits(sale)).toEqual([0, 2]);
    expect((await refundRows(sale.id)).map((row) => row.amountMinor)).toEqual([2 * WATER]);
  });

  it('the same form sent twice refunds its products once', async () => {
    const s = await shop();
    const sale = await paidSale(s);
    const key = randomUUID();
    const body = { lines: [{ line_id: sale.waterLine, quantity: 1 }], idempotency_key: key };
    const answers = await Promise.all([refund(s, sale.id, body), refund(s, sale.id, body)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers[1]!.json().payment.id).toBe(answers[0]!.json().payment.id);
    expect(await refundedUnits(sale)).toEqual([0, 1]);
    expect((await cardOf(s, sale.id)).refunds).toHaveLength(1);
  });
});

describe('a failed refund', () => {
  /** The money of the sale's charge given back at the provider, outside Vitrina (its dashboard). */
  async function refundAtTheProvider(s: Shop, id: number) {
    const [charge] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.transactionId, id));
    const found = await ctx.app.payments.forOrg(db(), s.orgId);
    await found!.provider.refund({ idempotencyKey: randomUUID(), reference: charge!.providerReference! });
  }

  it('the provider refuses it: the row fails, the products are refundable again, the sale is not refunded', async () => {
    const s = await shop();
    const sale = await paidSale(s);
    await refundAtTheProvider(s, sale.id);
    const answer = await refund(s, sale.id, { lines: [{ line_id: sale.sandwichLine, quantity: 1 }] });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      payment: { status: 2 },
      transaction: { refunded_minor: 0, refund_state: 'not_refunded' },
      error: 'The payment provider refused the request: Nothing left to refund',
    });
    expect(await refundedUnits(sale)).toEqual([0, 0]);
    const card = await cardOf(s, sale.id);
    expect(card.refunds).toMatchObject([{ status: 2, refunded_minor: 0, reason: 'Product damaged or expired' }]);
    expect(card.lines.map((line) => line.refunded_quantity)).toEqual([0, 0]);
    // What the row held stays on record, given back.
    const [row] = await refundRows(sale.id);
    expect(await db().select().from(refundLines).where(eq(refundLines.paymentTransactionId, row!.id))).toEqual([
      { paymentTransactionId: row!.id, transactionProductId: sale.sandwichLine, quantity: 1 },
    ]);
  });

  it('unanswered, it holds its products while in process; failing at the reconciliation gives them back', async () => {
    const s = await shop();
    const sale = await paidSale(s);
    await refundAtTheProvider(s, sale.id);
    await s.setSimulation('timeout');
    const answer = await refund(s, sale.id, { lines: [{ line_id: sale.waterLine, quantity: 2 }] });
    await s.setSimulation('none');
    expect(answer.json().payment).toMatchObject({ status: 10 });
    expect(await refundedUnits(sale)).toEqual([0, 2]);
    const pending = await cardOf(s, sale.id);
    expect(pending.refunds).toMatchObject([{ status: 10, refunded_minor: 0 }]);
    expect(pending.refund_state).toBe('not_refunded');
    // Held meanwhile: the same units cannot be refunded twice.
    const again = await refund(s, sale.id, { lines: [{ line_id: sale.waterLine, quantity: 1 }] });
    expect(again.error().fields).toEqual({ 'lines.0.quantity': 'At most 0 of this product can still be refunded' });

    clock.advance(3 * 60_000);
    await ctx.app.jobs.scheduleRecurring();
    for (let round = 0; round < 3; round += 1) await ctx.app.jobs.runDue();
    expect((await refundRows(sale.id)).map((row) => row.status)).toEqual([2]);
    expect(await refundedUnits(sale)).toEqual([0, 0]);
    expect((await cardOf(s, sale.id)).refunds).toMatchObject([{ status: 2 }]);
  });
});

describe('a refund the bank confirmed, then failed', () => {
  it('is an error again: the sale is no longer refunded, its products are refundable, the audit says why', async () => {
    const s = await shop();
    await okApi(ctx, api.payment.updateSettings, {
      params: { org_id: s.orgId },
      token: await s.tenant.token('operator'),
      body: {
        provider: 'test',
        simulate: 'none',
        webhook_secret: 'whsec_refundsfailing0001',
      },
    });
    const sale = await paidSale(s);
    const answer = await refund(s, sale.id, { lines: [{ line_id: sale.waterLine, quantity: 2 }] });
    expect(answer.json()).toMatchObject({
      payment: { status: 1 },
      transaction: { refunded_minor: 2 * WATER, refund_state: 'partly_refunded' },
    });
    const [row] = await refundRows(sale.id);
    const onRefused = (error: unknown) => expect.fail(String(error));
    await deliverTestWebhooks(ctx.app.services, ctx.app.payments, onRefused);
    // Days later the card's bank sends the money back to the merchant.
    const provider = (await ctx.app.payments.forOrg(db(), s.orgId))!.provider as TestPaymentProvider;
    await provider.failRefundLater(row!.providerReference!, 'expired_or_canceled_card');
    expect(await deliverTestWebhooks(ctx.app.services, ctx.app.payments, (error) => expect.fail(String(error)))).toBe(
      1,
    );

    const [failed] = await refundRows(sale.id);
    expect(failed).toMatchObject({ status: 2, errorCode: 'refund_failed', errorMessage: 'expired_or_canceled_card' });
    expect(await refundedUnits(sale)).toEqual([0, 0]);
    const card = await cardOf(s, sale.id);
    expect(card).toMatchObject({ refunded_minor: 0, refund_state: 'not_refunded' });
    expect(card.refunds).toMatchObject([{ status: 2, refunded_minor: 0 }]);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'payment_transaction'), eq(auditLog.entityId, String(row!.id))));
    expect(
      audit.map((entry) => [entry.action, entry.before, (entry.after as { status: number }).status]),
    ).toContainEqual(['settle', { status: 1 }, 2]);
    // The products can be refunded again, and this time the money goes back.
    const again = await refund(s, sale.id, { lines: [{ line_id: sale.waterLine, quantity: 2 }] });
    expect(again.json()).toMatchObject({
      payment: { status: 1 },
      transaction: { refunded_minor: 2 * WATER },
    });
  });

  it('a later event that the refund succeeded changes nothing of a refund already settled', async () => {
    const s = await shop();
    await okApi(ctx, api.payment.updateSettings, {
      params: { org_id: s.orgId },
      token: await s.tenant.token('operator'),
      body: {
        provider: 'test',
        simulate: 'duplicate_webhook',
        webhook_secret: 'whsec_refundsfailing0002',
      },
    });
    const sale = await paidSale(s);
    await refund(s, sale.id, { lines: [{ line_id: sale.sandwichLine, quantity: 1 }] });
    await deliverTestWebhooks(ctx.app.services, ctx.app.payments, (error) => expect.fail(String(error)));
    expect((await refundRows(sale.id)).map((row) => row.status)).toEqual([1]);
    expect((await cardOf(s, sale.id)).refunded_minor).toBe(SANDWICH);
  });
});

describe('a refund by amount', () => {
  it('still works, with its reason; the reason is required, trimmed and at most 500 characters', async () => {
    const s = await shop();
    const sale = await paidSale(s);
    // The reason left out, as the contract does not allow: sent raw, past the typed client.
    const missing = await call(ctx, 'POST', endpointPath(api.transaction.refund, { id: sale.id }), {
      token: s.cashier.token,
      payload: { amount_minor: 1_000, idempotency_key: randomUUID() },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ reason: 'This field is required' });
    const blank = await refund(s, sale.id, { amount_minor: 1_000, reason: '   ' }, 'ua');
    expect(blank.error().fields).toEqual({ reason: "Це поле обов'язкове" });
    const long = await refund(s, sale.id, { amount_minor: 1_000, reason: 'x'.repeat(501) });
    expect(Object.keys(long.error().fields!)).toEqual(['reason']);
    expect(await refundRows(sale.id)).toHaveLength(0);

    const done = await refund(s, sale.id, { amount_minor: 1_000, reason: '  Charged twice  ' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().transaction).toMatchObject({ refunded_minor: 1_000, refund_state: 'partly_refunded' });
    const card = await cardOf(s, sale.id);
    expect(card.refunds).toMatchObject([{ reason: 'Charged twice', amount_minor: 1_000, lines: [] }]);
    expect(card.lines.map((line) => line.refunded_quantity)).toEqual([0, 0]);
    const tooMuch = await refund(s, sale.id, { amount_minor: SANDWICH + 2 * WATER });
    expect(tooMuch.error().fields).toEqual({ amount_minor: 'At most 139.00 UAH can be refunded' });
  });
});

describe('who may refund', () => {
  it('another organisation’s sale answers 404; a user without the permission 403', async () => {
    const s = await shop();
    const other = await shop();
    const sale = await paidSale(other);
    const foreign = await refund(s, sale.id, { lines: [{ line_id: sale.sandwichLine, quantity: 1 }] });
    expect(foreign.statusCode).toBe(404);
    const viewer = await createSignedInUser(db(), { orgId: other.orgId, permissions: ['show_transactions_page'] });
    const forbidden = await callApi(ctx, api.transaction.refund, {
      params: { id: sale.id },
      token: viewer.token,
      body: {
        lines: [{ line_id: sale.sandwichLine, quantity: 1 }],
        reason: 'Goodwill',
        idempotency_key: randomUUID(),
      },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(await refundRows(sale.id)).toHaveLength(0);
    expect(await refundedUnits(sale)).toEqual([0, 0]);
  });
});

describe('a correction after a refund by products', () => {
  it('is refused: the refunded units would lose their record', async () => {
    const s = await shop();
    const sale = await paidSale(s);
    expect((await refund(s, sale.id, { lines: [{ line_id: sale.waterLine, quantity: 1 }] })).statusCode).toBe(200);
    // Not paid after all (a later charge refused): such a sale may be corrected, unless refunded by products.
    await db().update(transactions).set({ paymentStatus: 2 }).where(eq(transactions.id, sale.id));
    const corrected = await callApi(ctx, api.transaction.correct, {
      params: { id: sale.id },
      token: s.cashier.token,
      body: { lines: [] },
    });
    expect(corrected.statusCode).toBe(409);
    expect(corrected.error().message).toBe(
      'Products of this transaction were refunded, so they can no longer be corrected',
    );
    expect(await refundedUnits(sale)).toEqual([0, 1]);
  });
});
