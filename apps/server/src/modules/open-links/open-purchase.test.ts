import { randomUUID } from 'node:crypto';
import { api, endpointPath } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { TEST_MQTT_OPTIONS, testBrokerUrl } from '../../../test/device-client.js';
import { fridgeWithCustomerLink, sendOpenForm } from '../../../test/factories/open-links.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { StripeStandIn } from '../../../test/stand-ins/stripe-stand-in.js';
import {
  deviceCommands,
  fiscalReceipts,
  micromarkets,
  paymentTransactions,
  saleRefusals,
  transactions,
} from '../../db/schema/index.js';
import { TestClock } from '../../lib/clock.js';
import { findFiscalSettings, rememberShift, saveFiscalSettings } from '../fiscal/fiscal.repository.js';

/** Issue 8: the customer open-fridge page as a web purchase (§4 payment type 23). */
let ctx: TestContext;
let url: string;
let ipSeq = 0;
const clock = new TestClock(Date.now());

const STRIPE_KEY = 'sk_test_51OpenPurchase0123456789';
const STRIPE_WEBHOOK_SECRET = 'whsec_openpurchase0123456789';
const standIn = new StripeStandIn(STRIPE_KEY);

beforeAll(async () => {
  const stripeBaseUrl = await standIn.start();
  ctx = await createTestContext({
    clock,
    live: { flushMs: 0 },
    mqtt: TEST_MQTT_OPTIONS,
    payments: { stripeBaseUrl },
  });
  url = testBrokerUrl(ctx.app.gateway?.port);
});
afterAll(async () => {
  await ctx.close();
  await standIn.stop();
});

const db = () => ctx.database.db;

/** A connected fridge of an organisation on the test provider, stocked with two sandwiches, and its customer link. */
const shop = (settings: Record<string, unknown> = {}) =>
  fridgeWithCustomerLink(ctx, { brokerUrl: url, now: () => clock.nowMs(), sandwiches: 2, settings });

const open = (token: string, payload: object, lang = 'en') =>
  sendOpenForm(ctx, token, payload, { remoteAddress: `10.8.0.${++ipSeq}`, lang });

const commandsOf = (micromarketId: number) =>
  db().select().from(deviceCommands).where(eq(deviceCommands.micromarketId, micromarketId));
const saleOfCommand = async (commandId: string) =>
  (await db().select().from(transactions).where(eq(transactions.commandId, commandId)))[0]!;
const ledgerOf = (saleId: number) =>
  db().select().from(paymentTransactions).where(eq(paymentTransactions.transactionId, saleId));

describe('web purchase by the customer open-fridge link', () => {
  it('holds the card, opens, and captures what was taken when the door closes: paid, type 23', async () => {
    const s = await shop({ hold_enabled: true, hold_amount: 30_000, fiscal_receipts: true });
    await saveFiscalSettings(db(), { orgId: s.orgId, provider: 'test', delaySeconds: 0 });
    await ctx.app.fiscal.build((await findFiscalSettings(db(), s.orgId))!)!.openShift();
    await rememberShift(db(), s.orgId, { isOpen: true, at: new Date() });
    const answer = await open(s.link, { payment_method: 'pm_card_visa', attempt: randomUUID() });
    expect(answer.statusCode, answer.body).toBe(200);
    const commandId = answer.json<{ command_id: string }>().command_id;

    const before = await saleOfCommand(commandId);
    expect(before).toMatchObject({ status: 0, paymentType: 23, clientType: 0, customerId: null, doorSessionId: null });
    const [hold] = await ledgerOf(before.id);
    expect(hold).toMatchObject({ operation: 'hold', status: 1, amountMinor: 30_000 });

    // The fridge opens for that command and the customer takes one sandwich.
    const sessionId = randomUUID();
    const at = clock.nowMs();
    const base = { id: sessionId, kind: 'customer', opened_at: at, command_id: commandId };
    await s.device.send('door-session', { ...base, state: 'opened' });
    await expect.poll(async () => (await saleOfCommand(commandId)).doorSessionId).toBe(sessionId);
    await s.device.send('door-session', {
      ...base,
      state: 'closed',
      closed_at: at + 15_000,
      taken_tags: [s.tags[0]],
      detections: [],
    });
    await expect.poll(async () => (await saleOfCommand(commandId)).closedAt).not.toBeNull();
    await ctx.app.jobs.idle();
    await ctx.app.jobs.runDue();

    const sale = await saleOfCommand(commandId);
    expect(sale).toMatchObject({ status: 1, paymentStatus: 1, paymentType: 23, amountMinor: 9_900, paidMinor: 9_900 });
    const ledger = await ledgerOf(sale.id);
    expect(ledger.find((row) => row.operation === 'capture')).toMatchObject({ status: 1, amountMinor: 9_900 });

    // Paid on the web, it ends where every sale ends: one fiscal receipt, registered once.
    await ctx.app.jobs.runDue();
    const receipts = await db().select().from(fiscalReceipts).where(eq(fiscalReceipts.transactionId, sale.id));
    expect(receipts.map((row) => [row.kind, row.status, row.amountMinor])).toEqual([['sale', 'ready', 9_900]]);

    const progress = await callApi(ctx, api.openLink.progress, { params: { command: commandId } });
    expect(progress.json().sale).toEqual({
      amount_minor: 9_900,
      currency: sale.currency,
      payment_status: 1,
      receipt_path: `/receipt/${sale.token}`,
    });
  });

  it('a declined card answers the payment system error and queues no door', async () => {
    const s = await shop();
    const answer = await open(s.link, { payment_method: 'pm_card_chargeDeclined' }, 'pl');
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe('Błąd systemu płatności');
    expect(await commandsOf(s.micromarketId)).toEqual([]);
  });

  it('a refusal answers its §8 reason in the caller locale, before any hold', async () => {
    const s = await shop();
    await db().update(micromarkets).set({ door: 'open' }).where(eq(micromarkets.id, s.micromarketId));
    const answer = await open(s.link, { payment_method: 'pm_card_visa' }, 'it');
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe('Porta aperta');
    expect(await commandsOf(s.micromarketId)).toEqual([]);
    // Kept for the error analytics, with the micromarket's organisation.
    const kept = await db()
      .select({ reason: saleRefusals.reason, orgId: saleRefusals.orgId })
      .from(saleRefusals)
      .where(eq(saleRefusals.micromarketId, s.micromarketId));
    expect(kept).toEqual([{ reason: 'payment.refusal.door_open', orgId: expect.any(Number) }]);
  });

  it('a door that never opens lets the hold go: the web sale closes as nothing taken once its command runs out', async () => {
    const s = await shop({ hold_enabled: true, hold_amount: 30_000 });
    const answer = await open(s.link, { payment_method: 'pm_card_visa', attempt: randomUUID() });
    expect(answer.statusCode, answer.body).toBe(200);
    const commandId = answer.json<{ command_id: string }>().command_id;
    const { id: saleId } = await saleOfCommand(commandId);

    // The fridge never answers; the open-door command's 60 s pass and the sweep comes round.
    await ctx.app.jobs.scheduleRecurring();
    clock.advance(2 * 60_000);
    await ctx.app.jobs.runDue();
    await ctx.app.jobs.runDue();

    const sale = await saleOfCommand(commandId);
    expect(sale).toMatchObject({ id: saleId, status: 1, paymentStatus: 3, paidMinor: 0, doorSessionId: null });
    const ledger = await ledgerOf(saleId);
    const hold = ledger.find((row) => row.operation === 'hold')!;
    expect(ledger.find((row) => row.operation === 'release')).toMatchObject({ status: 1, parentId: hold.id });

    // A door session that still names the command afterwards is a sale of its own, not this closed one.
    const sessionId = randomUUID();
    await s.device.send('door-session', {
      id: sessionId,
      kind: 'customer',
      opened_at: clock.nowMs(),
      command_id: commandId,
      state: 'opened',
    });
    await expect
      .poll(
        async () => (await db().select().from(transactions).where(eq(transactions.doorSessionId, sessionId))).length,
      )
      .toBe(1);
    expect((await saleOfCommand(commandId)).doorSessionId).toBeNull();
    await s.device.close();
  });

  it('asks for a card: no payment method is a 400 on that field', async () => {
    const s = await shop();
    const answer = await open(s.link, {});
    expect(answer.statusCode).toBe(400);
    expect(Object.keys(answer.json().fields)).toEqual(['payment_method']);
  });
});

describe('web purchase through Stripe, when the card’s bank asks for 3-D Secure', () => {
  const CARD = 'pm_card_threeDSecure2Required';

  /** The shop on Stripe instead of the test provider. */
  async function stripeShop() {
    const s = await shop({ hold_enabled: true, hold_amount: 30_000 });
    await okApi(ctx, api.payment.updateSettings, {
      params: { org_id: s.orgId },
      token: s.operator,
      body: {
        provider: 'stripe',
        secret_key: STRIPE_KEY,
        webhook_secret: STRIPE_WEBHOOK_SECRET,
      },
    });
    return s;
  }

  /** The buyer at their bank's page: authenticated (or not) and sent back to the page. */
  async function atBank(redirectUrl: string, outcome: 'succeeded' | 'failed' = 'succeeded') {
    const bank = await fetch(outcome === 'failed' ? `${redirectUrl}?outcome=failed` : redirectUrl, {
      redirect: 'manual',
    });
    expect(bank.status).toBe(302);
    return new URL(bank.headers.get('location')!);
  }

  const intentsOf = (link: string, attempt: string) =>
    standIn.requests.filter(
      (entry) => entry.path === '/v1/payment_intents' && entry.idempotencyKey?.endsWith(`open:${link}:${attempt}`),
    );

  it('the buyer is sent to their bank with a return_url to this page; the same form on their return opens the door once', async () => {
    const s = await stripeShop();
    const attempt = randomUUID();
    const first = await open(s.link, { payment_method: CARD, attempt });
    expect(first.statusCode, first.body).toBe(200);
    const redirectUrl = first.json<{ redirect_url: string }>().redirect_url;
    expect(await commandsOf(s.micromarketId)).toEqual([]);
    const [created] = intentsOf(s.link, attempt);
    expect(created?.form).toMatchObject({
      confirm: 'true',
      capture_method: 'manual',
      payment_method: CARD,
      return_url: `http://panel.test/notauth/open/fridge/${s.link}?attempt=${attempt}`,
    });
    expect(created?.form).not.toHaveProperty('off_session');

    const back = await atBank(redirectUrl);
    expect([back.pathname, back.searchParams.get('attempt'), back.searchParams.get('redirect_status')]).toEqual([
      `/notauth/open/fridge/${s.link}`,
      attempt,
      'succeeded',
    ]);
    const again = await open(s.link, { payment_method: CARD, attempt });
    expect(again.statusCode, again.body).toBe(200);
    const commandId = again.json<{ command_id: string }>().command_id;
    const sale = await saleOfCommand(commandId);
    expect(sale).toMatchObject({ status: 0, paymentType: 23 });
    expect((await ledgerOf(sale.id)).map((row) => [row.operation, row.status, row.amountMinor])).toEqual([
      ['hold', 1, 30_000],
    ]);
    // A reload of the page sends it once more: the same opening, no second door, no second payment.
    const reload = await open(s.link, { payment_method: CARD, attempt });
    expect(reload.statusCode, reload.body).toBe(200);
    expect(reload.json<{ command_id: string }>().command_id).toBe(commandId);
    expect(await commandsOf(s.micromarketId)).toHaveLength(1);
    expect(intentsOf(s.link, attempt)).toHaveLength(1);
    expect(standIn.violations).toEqual([]);
    await s.device.close();
  });

  it('a failed authentication is §8’s payment system error, and no door opens', async () => {
    const s = await stripeShop();
    const attempt = randomUUID();
    const first = await open(s.link, { payment_method: CARD, attempt });
    await atBank(first.json<{ redirect_url: string }>().redirect_url, 'failed');
    const again = await open(s.link, { payment_method: CARD, attempt }, 'pl');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Błąd systemu płatności');
    expect(await commandsOf(s.micromarketId)).toEqual([]);
    expect(standIn.violations).toEqual([]);
    await s.device.close();
  });

  it('a buyer who never comes back: the hold their bank authorised goes back; coming back later asks for a new attempt', async () => {
    const s = await stripeShop();
    const attempt = randomUUID();
    const first = await open(s.link, { payment_method: CARD, attempt });
    const redirectUrl = first.json<{ redirect_url: string }>().redirect_url;
    await atBank(redirectUrl);
    // Stripe tells of the authorised hold; no page asks for it.
    const event = standIn.events.findLast(
      (candidate) => candidate.type === 'payment_intent.amount_capturable_updated',
    )!;
    const { body, signature } = standIn.signed(event, STRIPE_WEBHOOK_SECRET, Math.floor(clock.nowMs() / 1000));
    // Raw: the signed bytes go as they are.
    const delivered = await ctx.app.inject({
      method: 'POST',
      url: endpointPath(api.payment.webhook, { org_id: s.orgId, provider: 'stripe' }),
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    await ctx.app.jobs.scheduleRecurring();
    clock.advance(16 * 60_000);
    await ctx.app.jobs.runDue();
    expect(standIn.intent(event.data.object.id as string)?.status).toBe('canceled');
    const late = await open(s.link, { payment_method: CARD, attempt });
    expect(late.statusCode).toBe(409);
    expect(await commandsOf(s.micromarketId)).toEqual([]);
    expect(standIn.violations).toEqual([]);
    await s.device.close();
  });
});
