import { randomUUID } from 'node:crypto';
import { api } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentTransactions } from '../../src/db/schema/index.js';
import { TestClock } from '../../src/lib/clock.js';
import { callApi } from '../api-client.js';
import { TEST_MQTT_OPTIONS, testBrokerUrl } from '../device-client.js';
import {
  appCustomerWithCard,
  appOpen,
  bankPaymentIntents,
  fridgeWithCustomerLink,
  openAndCloseDoor,
  sendOpenForm,
} from '../factories/open-links.js';
import { createTestContext, type TestContext } from '../helper.js';

/**
 * Issue 33: one opening is one hold, on every path. Each test counts what the provider itself
 * authorised (the test bank's payment intents) for one opening and its sale, through the door
 * closing and the capture, at a fridge that holds (200.00): exactly one, captured for what was
 * taken. A courier's opening is no sale and authorises nothing.
 */
let ctx: TestContext;
let url: string;
let ipSeq = 0;
const clock = new TestClock(Date.now());
const HOLDS = { hold_enabled: true, hold_amount: 20_000 };

beforeAll(async () => {
  ctx = await createTestContext({ clock, live: { flushMs: 0 }, mqtt: TEST_MQTT_OPTIONS });
  url = testBrokerUrl(ctx.app.gateway?.port);
});
afterAll(() => ctx.close());

const shop = () =>
  fridgeWithCustomerLink(ctx, { brokerUrl: url, now: () => clock.nowMs(), sandwiches: 2, settings: HOLDS });
type Shop = Awaited<ReturnType<typeof shop>>;
const from = () => `10.33.1.${++ipSeq}`;
/** The app as a client at the next address: the open endpoints limit requests per address. */
const nextClient = () => {
  const remoteAddress = from();
  return { app: { inject: (options: InjectOptions) => ctx.app.inject({ ...options, remoteAddress }) } };
};

/** The provider's authorisations made since `before`: the payment intents it did not have then. */
async function authorisedSince(before: Map<string, unknown>) {
  const now = await bankPaymentIntents(ctx);
  return [...now].filter(([id]) => !before.has(id)).map(([, intent]) => intent);
}

/** The door opens for the opening's command, a sandwich (99.00) leaves, and the sale is settled. */
async function takeASandwich(s: Shop, commandId: string) {
  const sale = await openAndCloseDoor(ctx, s, {
    commandId,
    kind: 'customer',
    takenTags: [s.tags[0]!],
    now: () => clock.nowMs(),
  });
  expect(sale).toMatchObject({ status: 1, paymentStatus: 1, paidMinor: 9_900 });
  const ledger = await ctx.database.db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.transactionId, sale!.id));
  expect(ledger.filter((row) => row.operation === 'hold').map((row) => row.status)).toEqual([1]);
  return sale!;
}

/**
 * The opening answered its door; through the door's close and the capture the provider
 * authorised exactly one hold since `before`, captured for the sandwich.
 */
async function expectOneHold(
  s: Shop,
  before: Map<string, unknown>,
  opened: { statusCode: number; body: string; json<T>(): T },
) {
  expect(opened.statusCode, opened.body).toBe(200);
  await takeASandwich(s, opened.json<{ command_id: string }>().command_id);
  expect(await authorisedSince(before)).toEqual([
    expect.objectContaining({ amount: 20_000, status: 'succeeded', amount_received: 9_900 }),
  ]);
  await s.device.close();
}

const approveAtBank = async (redirectUrl: string) => {
  const answered = await ctx.app.inject({
    method: 'POST',
    url: new URL(redirectUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'decision=approve',
  });
  expect(answered.statusCode, answered.body).toBe(200);
};

describe('one opening, one hold', () => {
  it('the guest page: the form’s hold is the sale’s, captured at close', async () => {
    const s = await shop();
    const before = await bankPaymentIntents(ctx);
    const opened = await sendOpenForm(
      ctx,
      s.link,
      { payment_method: 'pm_card_visa', attempt: randomUUID() },
      { remoteAddress: from() },
    );
    await expectOneHold(s, before, opened);
  });

  it('the guest page’s 3-D Secure return: the approved hold opens the door and is the only one', async () => {
    const s = await shop();
    const before = await bankPaymentIntents(ctx);
    const form = { payment_method: 'pm_card_authenticationRequired', attempt: randomUUID() };
    const asked = await sendOpenForm(ctx, s.link, form, { remoteAddress: from() });
    expect(asked.statusCode, asked.body).toBe(200);
    await approveAtBank(asked.json<{ redirect_url: string }>().redirect_url);
    const opened = await sendOpenForm(ctx, s.link, form, { remoteAddress: from() });
    await expectOneHold(s, before, opened);
  });

  it('the customer app: the sale’s hold step sees the opening’s hold and takes no second one', async () => {
    const s = await shop();
    const customer = await appCustomerWithCard(ctx, s.orgId);
    const before = await bankPaymentIntents(ctx);
    const opened = await appOpen(ctx, customer.token, s.link, { attempt: randomUUID(), remoteAddress: from() });
    await expectOneHold(s, before, opened);
  });

  it('the customer app’s 3-D Secure return: one hold, approved at the bank, captured at close', async () => {
    const s = await shop();
    const customer = await appCustomerWithCard(ctx, s.orgId, { card: 'pm_card_authenticationRequired' });
    const before = await bankPaymentIntents(ctx);
    const attempt = randomUUID();
    const asked = await appOpen(ctx, customer.token, s.link, { attempt, remoteAddress: from() });
    expect(asked.statusCode, asked.body).toBe(200);
    await approveAtBank(asked.json<{ redirect_url: string }>().redirect_url);
    const opened = await appOpen(ctx, customer.token, s.link, { attempt, remoteAddress: from() });
    await expectOneHold(s, before, opened);
  });

  it('the courier link: a service opening at a fridge that holds authorises nothing', async () => {
    const s = await shop();
    const link = await callApi(ctx, api.openLink.create, {
      params: { id: s.micromarketId },
      token: s.operator,
      body: { kind: 'courier' },
    });
    expect(link.statusCode, link.body).toBe(200);
    const before = await bankPaymentIntents(ctx);
    const opened = await callApi(nextClient(), api.openLink.courierOpen, {
      params: { token: link.json().token },
      body: { name: 'Taras', phone: '+380501112233' },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const sale = await openAndCloseDoor(ctx, s, {
      commandId: opened.json().command_id,
      kind: 'courier',
      takenTags: [s.tags[0]!],
      now: () => clock.nowMs(),
    });
    expect(sale).toBeUndefined();
    expect(await authorisedSince(before)).toEqual([]);
    await s.device.close();
  });
});
