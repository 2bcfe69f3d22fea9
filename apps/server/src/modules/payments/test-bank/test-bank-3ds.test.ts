import { randomUUID } from 'node:crypto';
import { api, openLinkPath } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiErrorBody, callApi } from '../../../../test/api-client.js';
import { TEST_MQTT_OPTIONS, testBrokerUrl } from '../../../../test/device-client.js';
import { fridgeWithCustomerLink, sendOpenForm } from '../../../../test/factories/open-links.js';
import { orgOnTestProvider } from '../../../../test/factories/payments.js';
import { createTestContext, type TestContext } from '../../../../test/helper.js';
import { deviceCommands, paymentTransactions } from '../../../db/schema/index.js';
import { TestClock } from '../../../lib/clock.js';
import { OPEN_IP_LIMIT, OPEN_REFUSED_LIMIT, OPEN_WINDOW_MS } from '../../open-links/open-limiter.js';
import { holdKeyOf } from '../../open-links/open-purchase.service.js';

/**
 * The test provider's 3-D Secure card (4000 0027 6000 3184, `pm_card_authenticationRequired`):
 * a web purchase with it is sent to the test bank's challenge page, a page of the server's own;
 * approved there, the buyer comes back (the purchase's return URL), sends the same form again
 * and the door opens; declined, it is §8's payment system error. Off-session, such a card is
 * refused (`authentication_required`).
 */
let ctx: TestContext;
let url: string;
let ipSeq = 0;
const clock = new TestClock(Date.now());

beforeAll(async () => {
  ctx = await createTestContext({ clock, live: { flushMs: 0 }, mqtt: TEST_MQTT_OPTIONS });
  url = testBrokerUrl(ctx.app.gateway?.port);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

/** A connected fridge of an organisation on the test provider, stocked with a sandwich, and its customer link. */
const shop = () => fridgeWithCustomerLink(ctx, { brokerUrl: url, now: () => clock.nowMs(), sandwiches: 1 });

const open = (token: string, payload: object) =>
  sendOpenForm(ctx, token, payload, { remoteAddress: `10.9.0.${++ipSeq}` });

const holdOf = async (token: string, attempt: string) =>
  (
    await db()
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.idempotencyKey, holdKeyOf(token, attempt)))
  )[0];
const commandsOf = (micromarketId: number) =>
  db().select().from(deviceCommands).where(eq(deviceCommands.micromarketId, micromarketId));

/** The web purchase with the 3-D Secure card: sent to the test bank's page, which it answers. */
async function toTheBank(s: Awaited<ReturnType<typeof shop>>) {
  const attempt = randomUUID();
  const asked = await open(s.link, { payment_method: 'pm_card_authenticationRequired', attempt });
  expect(asked.statusCode, asked.body).toBe(200);
  const redirect = asked.json<{ redirect_url: string }>().redirect_url;
  const challenge = new URL(redirect);
  expect(challenge.pathname).toMatch(/^\/v1\/notauth\/test-bank\/authenticate\/pi_test_/);
  expect(await holdOf(s.link, attempt)).toMatchObject({ operation: 'hold', status: 10 });
  expect(await commandsOf(s.micromarketId)).toEqual([]);
  return { attempt, path: challenge.pathname };
}

describe('the test bank’s 3-D Secure card on the open-fridge page', () => {
  it('approved on the challenge page, the buyer comes back and the door opens', async () => {
    const s = await shop();
    const { attempt, path } = await toTheBank(s);
    const page = await ctx.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'uk' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('Тестовий банк: підтвердьте платіж');
    expect(page.body).toContain(`<form method="post" action="${path}">`);
    expect(page.body).toContain(
      '<button type="submit" name="decision" value="approve" class="approve">Підтвердити</button>',
    );
    expect(page.body).toContain('Відхилити');
    const english = await ctx.app.inject({ method: 'GET', url: path, headers: { lang: 'en' } });
    expect(english.body).toContain('The test payment system asks you to confirm the payment of');

    const approved = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approve',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const back = `${ctx.app.services.publicUrl.replace(/\/$/, '')}${openLinkPath('customer', s.link)}?attempt=${attempt}`;
    expect(approved.body).toContain(`<meta http-equiv="refresh" content="0;url=${back}">`);
    // Answered once: the page is gone.
    expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);

    // Back on the page, the same form with the same attempt: held now, the door opens.
    const opened = await open(s.link, { payment_method: 'pm_card_authenticationRequired', attempt });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ message: 'The door will be opened shortly' });
    expect(await holdOf(s.link, attempt)).toMatchObject({ status: 1 });
    expect(await commandsOf(s.micromarketId)).toHaveLength(1);
    await s.device.close();
  });

  it('declined on the challenge page, the purchase is §8’s payment system error and no door opens', async () => {
    const s = await shop();
    const { attempt, path } = await toTheBank(s);
    const declined = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=decline',
    });
    expect(declined.statusCode).toBe(200);
    const again = await open(s.link, { payment_method: 'pm_card_authenticationRequired', attempt });
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiErrorBody>().message).toBe('Payment system error');
    expect(await holdOf(s.link, attempt)).toMatchObject({ status: 2 });
    expect(await commandsOf(s.micromarketId)).toEqual([]);
    // A second answer finds nothing waiting.
    const late = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approve',
    });
    expect(late.statusCode).toBe(404);
    await s.device.close();
  });

  it('the page exists only for a test-bank payment waiting for its buyer', async () => {
    const s = await shop();
    const plain = await open(s.link, { payment_method: 'pm_card_visa', attempt: randomUUID() });
    expect(plain.statusCode, plain.body).toBe(200);
    const [visaHold] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.orgId, s.orgId));
    const held = await callApi(ctx, api.card.testBankChallenge, { params: { token: visaHold!.providerReference! } });
    expect(held.statusCode).toBe(404);
    expect((await callApi(ctx, api.card.testBankChallenge, { params: { token: 'pi_nope' } })).statusCode).toBe(404);
    const badDecision = await ctx.app.inject({
      method: 'POST',
      url: '/v1/notauth/test-bank/authenticate/pi_nope',
      headers: { 'content-type': 'application/x-www-form-urlencoded', lang: 'en' },
      payload: 'decision=maybe',
    });
    expect(badDecision.statusCode).toBe(400);
    expect(badDecision.json<ApiErrorBody>().fields).toEqual({ decision: 'This field is required' });
    await s.device.close();
  });

  it('a saved 3-D Secure card charged without its buyer is refused: authentication required', async () => {
    const { orgId } = await orgOnTestProvider(ctx);
    const found = (await ctx.app.payments.forOrg(db(), orgId))!;
    // Saved as the offline card form saves it: a setup confirmed with the test card.
    const cards = ctx.app.payments.testBank.cards;
    const customer = await cards.createCustomer(randomUUID(), {});
    const setup = await cards.createSetup(randomUUID(), customer, {});
    expect(await cards.confirm(setup.clientSecret, 'pm_card_authenticationRequired')).toBe(true);
    const saved = (await cards.read(setup.id)).card!;
    expect(saved).toMatchObject({ brand: 'visa', last4: '3184' });
    const charge = (paymentMethod: string) =>
      found.provider.chargeSavedCard({
        idempotencyKey: randomUUID(),
        amountMinor: 1_000,
        currency: 'UAH',
        paymentMethod,
        customer,
      });
    await expect(charge(saved.paymentMethod)).rejects.toMatchObject({
      kind: 'declined',
      code: 'authentication_required',
    });
  });
});

describe('the limits and the way back from the bank', () => {
  const approve = (path: string) =>
    ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approve',
    });
  const from = (remoteAddress: string) => ({ remoteAddress });
  /** The app as a client at `remoteAddress`: the open-fridge endpoints limit requests per address. */
  const clientAt = (remoteAddress: string) => ({
    app: { inject: (options: InjectOptions) => ctx.app.inject({ ...options, remoteAddress }) },
  });

  it('junk forms from other addresses block no one; an approved return opens whatever its address has used', async () => {
    const s = await shop();
    // Five junk forms (no card) from five addresses, and a sixth: each refused for itself, none limited.
    for (let i = 0; i <= OPEN_REFUSED_LIMIT; i += 1) expect((await open(s.link, {})).statusCode).toBe(400);

    const buyer = `10.9.200.${++ipSeq % 250}`;
    const form = { payment_method: 'pm_card_authenticationRequired', attempt: randomUUID() };
    const asked = await sendOpenForm(ctx, s.link, form, from(buyer));
    expect(asked.statusCode, asked.body).toBe(200);
    const path = new URL(asked.json<{ redirect_url: string }>().redirect_url).pathname;
    expect((await approve(path)).statusCode).toBe(200);

    // Meanwhile the buyer's address used up its refusals at this link, and its calls.
    for (let i = 0; i < OPEN_REFUSED_LIMIT; i += 1) {
      expect((await sendOpenForm(ctx, s.link, {}, from(buyer))).statusCode).toBe(400);
    }
    const limited = await sendOpenForm(ctx, s.link, { ...form, attempt: randomUUID() }, from(buyer));
    expect(limited.statusCode).toBe(429);
    for (let i = 0; i < OPEN_IP_LIMIT; i += 1) {
      await callApi(clientAt(buyer), api.openLink.customerInfo, { params: { token: s.link } });
    }
    expect((await callApi(clientAt(buyer), api.openLink.customerInfo, { params: { token: s.link } })).statusCode).toBe(
      429,
    );

    // The approved attempt comes back: never counted, never turned away; the door opens on the one hold.
    const opened = await sendOpenForm(ctx, s.link, form, from(buyer));
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ message: 'The door will be opened shortly' });
    expect(await holdOf(s.link, form.attempt)).toMatchObject({ status: 1 });
    expect(await commandsOf(s.micromarketId)).toHaveLength(1);
    // Reloaded: the same opening.
    const reloaded = await sendOpenForm(ctx, s.link, form, from(buyer));
    expect(reloaded.json().command_id).toBe(opened.json().command_id);

    // The window passes (the injected clock): the address may try again.
    clock.advance(OPEN_WINDOW_MS);
    expect((await sendOpenForm(ctx, s.link, { ...form, attempt: randomUUID() }, from(buyer))).statusCode).not.toBe(429);
    await s.device.close();
  });

  it('approved, but the fridge was opened by another buyer meanwhile: refused, and the hold let go at once', async () => {
    const s = await shop();
    const form = { payment_method: 'pm_card_authenticationRequired', attempt: randomUUID() };
    const asked = await open(s.link, form);
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await approve(new URL(asked.json<{ redirect_url: string }>().redirect_url).pathname)).statusCode).toBe(200);
    // Another buyer, without a challenge, opens the fridge while the first is on their way back.
    const other = await open(s.link, { payment_method: 'pm_card_visa', attempt: randomUUID() });
    expect(other.statusCode, other.body).toBe(200);

    const back = await open(s.link, form);
    expect(back.statusCode).toBe(409);
    expect(back.json<ApiErrorBody>().message).toBe('Previous transaction unclosed');
    const hold = await holdOf(s.link, form.attempt);
    expect(hold).toMatchObject({ status: 1, transactionId: null });
    const released = await db().select().from(paymentTransactions).where(eq(paymentTransactions.parentId, hold!.id));
    expect(released).toMatchObject([{ operation: 'release', status: 1 }]);
    // Back once more: refused again, and released no second time.
    expect((await open(s.link, form)).statusCode).toBe(409);
    expect(
      await db().select().from(paymentTransactions).where(eq(paymentTransactions.parentId, hold!.id)),
    ).toHaveLength(1);
    await s.device.close();
  });
});
