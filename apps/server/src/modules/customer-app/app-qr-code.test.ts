import { randomUUID } from 'node:crypto';
import { api, SALE_PAYMENT } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import type { TestDevice } from '../../../test/device-client.js';
import { TEST_MQTT_OPTIONS, testBrokerUrl } from '../../../test/device-client.js';
import { createCustomer } from '../../../test/factories/customers.js';
import { appCustomerWithCard, fridgeWithCustomerLink } from '../../../test/factories/open-links.js';
import { createSession } from '../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { auditLog, customerCards, paymentTransactions, transactions } from '../../db/schema/index.js';
import { TestClock } from '../../lib/clock.js';
import { BONUS_TOP_UP, bookBonus } from '../sales/index.js';

/**
 * Issue 33: the customer app's QR code. The app asks for the customer's code and shows it; the
 * fridge reads it and reports it in the door session (`customer_token`, through the broker), and
 * the session is that customer's sale: their bonuses spent first, the rest charged to their
 * saved card. Another organisation's code, a renewed one and a blocked customer's buy nothing
 * for them: the sale is a guest's.
 */
let ctx: TestContext;
let brokerUrl = '';
const clock = new TestClock(Date.now());
beforeAll(async () => {
  ctx = await createTestContext({ clock, live: { flushMs: 0 }, mqtt: TEST_MQTT_OPTIONS });
  brokerUrl = testBrokerUrl(ctx.app.gateway?.port);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const PRICE = 9_900;

const shop = () => fridgeWithCustomerLink(ctx, { brokerUrl, now: () => clock.nowMs(), sandwiches: 4 });

async function codeOf(session: string) {
  const answer = await callApi(ctx, api.card.appCode, { token: session });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

/** The fridge reads `token` at its door, the customer takes the sandwich `tag`: the sale once settled. */
async function buyWith(device: TestDevice, token: string, tag: string) {
  const id = randomUUID();
  const at = clock.nowMs();
  const base = { id, kind: 'customer', opened_at: at, customer_token: token };
  await device.send('door-session', { ...base, state: 'opened' });
  await device.send('door-session', { ...base, state: 'closed', closed_at: at + 8_000, taken_tags: [tag] });
  const saleOf = async () => (await db().select().from(transactions).where(eq(transactions.doorSessionId, id)))[0];
  await expect.poll(async () => (await saleOf())?.closedAt ?? null).not.toBeNull();
  await ctx.app.jobs.idle();
  await ctx.app.jobs.runDue();
  return (await saleOf())!;
}

const GUEST_SALE = { customerId: null, clientType: 0, paymentStatus: SALE_PAYMENT.notPaid, errorCode: 'no_card' };

describe('the customer app’s QR code', () => {
  it('is the customer’s sale at the fridge: bonuses first, the rest charged to the card the code belongs to', async () => {
    const s = await shop();
    const customer = await appCustomerWithCard(ctx, s.orgId);
    const code = await codeOf(customer.token);
    const [card] = await db().select().from(customerCards).where(eq(customerCards.userId, customer.id));
    expect(code).toEqual({ token: card!.token, card_id: card!.id });
    // Asked again, the same code: the app may keep it to show at a fridge out of signal.
    expect(await codeOf(customer.token)).toEqual(code);
    await bookBonus(db(), {
      orgId: s.orgId,
      userId: customer.id,
      operation: BONUS_TOP_UP,
      amountMinor: 500,
      transactionId: null,
      reason: 'manual',
      idempotencyKey: `test:${randomUUID()}`,
      at: clock.now(),
    });

    const sale = await buyWith(s.device, code.token, s.tags[0]!);
    expect(sale).toMatchObject({
      customerId: customer.id,
      clientType: 1,
      status: 1,
      paymentStatus: SALE_PAYMENT.paid,
      bonusesUsedMinor: 500,
      amountMinor: PRICE - 500,
      paidMinor: PRICE - 500,
    });
    const ledger = await db().select().from(paymentTransactions).where(eq(paymentTransactions.transactionId, sale.id));
    expect(ledger.map((row) => [row.operation, row.status, row.amountMinor])).toEqual([['charge', 1, PRICE - 500]]);
    expect(ledger[0]!.request).toMatchObject({ paymentMethod: card!.paymentMethod, customer: card!.providerCustomer });
    await s.device.close();
  });

  it('another organisation’s customer’s code, or a blocked customer’s, buys as a guest', async () => {
    const s = await shop();
    const other = await shop();
    const stranger = await appCustomerWithCard(ctx, other.orgId);
    const strangers = await codeOf(stranger.token);
    expect(await buyWith(s.device, strangers.token, s.tags[0]!)).toMatchObject(GUEST_SALE);
    expect(await db().select().from(transactions).where(eq(transactions.customerId, stranger.id))).toEqual([]);

    const blocked = await appCustomerWithCard(ctx, s.orgId);
    const blockedCode = await codeOf(blocked.token);
    const block = await callApi(ctx, api.user.blockCustomer, {
      params: { id: blocked.id },
      token: s.operator,
      body: { reason: 'Took a sandwich through the gap' },
    });
    expect(block.statusCode, block.body).toBe(200);
    expect(await buyWith(s.device, blockedCode.token, s.tags[1]!)).toMatchObject(GUEST_SALE);
    // Unblocked, the same code is theirs again.
    expect(
      (await callApi(ctx, api.user.unblockCustomer, { params: { id: blocked.id }, token: s.operator })).statusCode,
    ).toBe(200);
    expect(await buyWith(s.device, blockedCode.token, s.tags[2]!)).toMatchObject({
      customerId: blocked.id,
      paymentStatus: SALE_PAYMENT.paid,
    });
    await Promise.all([s.device.close(), other.device.close()]);
  });

  it('renewed, the old code buys nothing for the customer and the new one does; a removed card’s code is void', async () => {
    const s = await shop();
    const customer = await appCustomerWithCard(ctx, s.orgId);
    const old = await codeOf(customer.token);
    const renewed = await callApi(ctx, api.card.appRenewCode, { token: customer.token });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = renewed.json();
    expect(fresh.card_id).toBe(old.card_id);
    expect(fresh.token).not.toBe(old.token);
    expect(fresh.token).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(await codeOf(customer.token)).toEqual(fresh);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.entity, 'customer_card_code'));
    expect(audit).toMatchObject({ actorUserId: customer.id, action: 'update' });

    expect(await buyWith(s.device, old.token, s.tags[0]!)).toMatchObject(GUEST_SALE);
    expect(await buyWith(s.device, fresh.token, s.tags[1]!)).toMatchObject({
      customerId: customer.id,
      paymentStatus: SALE_PAYMENT.paid,
    });

    const removed = await callApi(ctx, api.card.appRemove, { params: { id: fresh.card_id }, token: customer.token });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await buyWith(s.device, fresh.token, s.tags[2]!)).toMatchObject(GUEST_SALE);
    await s.device.close();
  });

  it('a customer without a card to charge is asked to add one (409, their language); only a customer’s session', async () => {
    const s = await shop();
    const customer = await createCustomer(db(), s.orgId);
    const session = await createSession(db(), customer.id);
    for (const endpoint of [api.card.appCode, api.card.appRenewCode]) {
      const answer = await callApi(ctx, endpoint, { token: session, lang: 'pl' });
      expect(answer.statusCode).toBe(409);
      expect(answer.error().message).toBe('Najpierw dodaj kartę: mikromarket obciąża kartę, do której należy Twój kod');
      expect((await callApi(ctx, endpoint)).statusCode).toBe(401);
      // An operator's session is not a customer's.
      expect((await callApi(ctx, endpoint, { token: s.operator })).statusCode).toBe(401);
    }
    await s.device.close();
  });
});
