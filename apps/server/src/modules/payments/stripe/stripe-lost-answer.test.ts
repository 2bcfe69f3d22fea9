import { randomUUID } from 'node:crypto';
import { api, SALE_PAYMENT, SALE_STATUS } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { okApi } from '../../../../test/api-client.js';
import { TEST_MQTT_OPTIONS, testBrokerUrl } from '../../../../test/device-client.js';
import { appOpen, fridgeWithCustomerLink } from '../../../../test/factories/open-links.js';
import { insertCustomerWithCard } from '../../../../test/factories/sales.js';
import { createSession } from '../../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../../test/helper.js';
import { StripeStandIn } from '../../../../test/stand-ins/stripe-stand-in.js';
import { customerCards, paymentTransactions, transactions } from '../../../db/schema/index.js';
import { TestClock } from '../../../lib/clock.js';

/**
 * Issue 33: a Stripe answer lost on one sale makes only that sale wait. The fridge it was
 * bought at keeps selling: the next customer is let in (§8's "previous transaction unclosed"
 * does not count a sale waiting for the provider) and pays, and the first sale is paid when
 * the reconciliation asks Stripe again with its key. Through the broker, the device protocol
 * and the Stripe stand-in, which checks every request against Stripe's spec.
 */
const SECRET_KEY = 'sk_test_51LostAnswer0123456789ab';
const standIn = new StripeStandIn(SECRET_KEY);
const clock = new TestClock(Date.now());
let ctx: TestContext;
let brokerUrl = '';
beforeAll(async () => {
  const stripeBaseUrl = await standIn.start();
  ctx = await createTestContext({ clock, live: { flushMs: 0 }, mqtt: TEST_MQTT_OPTIONS, payments: { stripeBaseUrl } });
  brokerUrl = testBrokerUrl(ctx.app.gateway?.port);
});
afterAll(async () => {
  await ctx.close();
  await standIn.stop();
});
afterEach(() => expect(standIn.violations).toEqual([]));

const db = () => ctx.database.db;
const PRICE = 9_900;

/** A connected fridge of an organisation on Stripe, with its QR code (customer link) and two sandwiches. */
async function stripeFridge() {
  const s = await fridgeWithCustomerLink(ctx, { brokerUrl, now: () => clock.nowMs(), sandwiches: 2 });
  await okApi(ctx, api.payment.updateSettings, {
    params: { org_id: s.orgId },
    token: s.operator,
    body: { provider: 'stripe', secret_key: SECRET_KEY },
  });
  return s;
}

/** A customer of the organisation whose card Stripe saved, signed in to the app. */
async function stripeCustomer(orgId: number) {
  const customer = await insertCustomerWithCard(db(), orgId);
  await db()
    .update(customerCards)
    .set({
      provider: 'stripe',
      providerAccount: 'acct_standin',
      paymentMethod: 'pm_card_visa',
      providerCustomer: `cus_${randomUUID().slice(0, 8)}`,
    })
    .where(eq(customerCards.userId, customer.userId));
  return { ...customer, session: await createSession(db(), customer.userId) };
}

const saleOfSession = async (doorSessionId: string) =>
  (await db().select().from(transactions).where(eq(transactions.doorSessionId, doorSessionId)))[0];

async function runJobs() {
  await ctx.app.jobs.idle();
  for (let round = 0; round < 3; round += 1) await ctx.app.jobs.runDue();
}

describe('a Stripe answer lost on one sale', () => {
  it('keeps the fridge selling: the next customer is let in and pays; the first sale is paid by the reconciliation', async () => {
    const s = await stripeFridge();
    const first = await stripeCustomer(s.orgId);
    const second = await stripeCustomer(s.orgId);

    // The first customer shows their QR at the fridge, takes a sandwich; Stripe charges, the answer is lost.
    const sessionId = randomUUID();
    const at = clock.nowMs();
    const base = { id: sessionId, kind: 'customer', opened_at: at, customer_token: first.token };
    await s.device.send('door-session', { ...base, state: 'opened' });
    await expect.poll(async () => (await saleOfSession(sessionId))?.customerId).toBe(first.userId);
    standIn.dropNextAnswer = true;
    await s.device.send('door-session', {
      ...base,
      state: 'closed',
      closed_at: at + 5_000,
      taken_tags: [s.tags[0]],
    });
    await expect.poll(async () => (await saleOfSession(sessionId))?.status).toBe(SALE_STATUS.atProvider);
    const firstSale = (await saleOfSession(sessionId))!;
    const [lost] = await db()
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.transactionId, firstSale.id));
    expect(lost).toMatchObject({ operation: 'charge', status: 10, providerReference: null });

    // The next customer opens the same fridge from the app at once, and is let in.
    const opened = await appOpen(ctx, second.session, s.link, { attempt: randomUUID(), remoteAddress: '10.33.1.1' });
    expect(opened.statusCode, opened.body).toBe(200);
    const commandId = opened.json<{ command_id: string }>().command_id;
    const secondSession = randomUUID();
    const later = clock.nowMs() + 10_000;
    const next = { id: secondSession, kind: 'customer', opened_at: later, command_id: commandId };
    await s.device.send('door-session', { ...next, state: 'opened' });
    await s.device.send('door-session', {
      ...next,
      state: 'closed',
      closed_at: later + 5_000,
      taken_tags: [s.tags[1]],
    });
    await expect.poll(async () => (await saleOfSession(secondSession))?.closedAt ?? null).not.toBeNull();
    await runJobs();
    expect(await saleOfSession(secondSession)).toMatchObject({
      customerId: second.userId,
      status: SALE_STATUS.successful,
      paymentStatus: SALE_PAYMENT.paid,
      paidMinor: PRICE,
    });
    // Only the first sale waits: it is still at the provider, and its customer is the one held back.
    expect(await saleOfSession(sessionId)).toMatchObject({ status: SALE_STATUS.atProvider });

    // The reconciliation asks Stripe again under the same key: the charge was made once, the sale is paid.
    clock.advance(3 * 60_000);
    await ctx.app.jobs.scheduleRecurring();
    await runJobs();
    expect(await saleOfSession(sessionId)).toMatchObject({
      status: SALE_STATUS.successful,
      paymentStatus: SALE_PAYMENT.paid,
      paidMinor: PRICE,
    });
    const { customer } = lost!.request as { customer?: string };
    const charges = standIn.allIntents().filter((intent) => intent.customer === customer);
    expect(charges.map((intent) => [intent.amount, intent.status])).toEqual([[PRICE, 'succeeded']]);
    await s.device.close();
  });
});
