import { randomUUID } from 'node:crypto';
import { api } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { TEST_MQTT_OPTIONS, testBrokerUrl } from '../../../test/device-client.js';
import {
  appCustomerWithCard,
  fridgeWithCustomerLink,
  appOpen as openByApp,
} from '../../../test/factories/open-links.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { customerCards, deviceCommands, paymentTransactions, transactions } from '../../db/schema/index.js';
import { TestClock } from '../../lib/clock.js';
import { OPEN_REFUSED_LIMIT } from '../open-links/open-limiter.js';
import { appHoldKeyOf } from '../open-links/open-purchase.service.js';

/**
 * The customer app's opening with a card whose bank asks for 3-D Secure (the test provider's
 * 4000 0027 6000 3184 saved in the app): the hold is made with the customer present, so the
 * first tap answers the bank's page (`redirect_url`, the test bank's challenge); the bank sends
 * the customer back to the page asking them to return to the app, and the app sends the same
 * attempt again: the same hold is read, and the door opens or the decline is answered.
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

const shop = () => fridgeWithCustomerLink(ctx, { brokerUrl: url, now: () => clock.nowMs(), sandwiches: 1 });

/** A customer of the organisation, signed in to the app, whose saved card is the 3-D Secure test card. */
async function customerWith3dsCard(orgId: number) {
  const customer = await appCustomerWithCard(ctx, orgId, {
    label: '3DS buyer',
    card: 'pm_card_authenticationRequired',
  });
  const [card] = await db().select().from(customerCards).where(eq(customerCards.userId, customer.id));
  expect(card).toMatchObject({ last4: '3184' });
  return { id: customer.id, token: customer.token };
}

const appOpen = (session: string, qr: string, attempt: string, lang = 'en') =>
  openByApp(ctx, session, qr, { attempt, lang, remoteAddress: `10.26.0.${++ipSeq}` });

const holdsOf = (link: string, customerId: number, attempt: string) =>
  db()
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.idempotencyKey, appHoldKeyOf(link, customerId, attempt)));
const commandsOf = (micromarketId: number) =>
  db().select().from(deviceCommands).where(eq(deviceCommands.micromarketId, micromarketId));

const answerBank = (path: string, decision: 'approve' | 'decline') =>
  ctx.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `decision=${decision}`,
  });

/** The first tap: the bank asks, so the answer is its page, with one hold waiting and no door. */
async function toTheBank(s: Awaited<ReturnType<typeof shop>>, customer: { id: number; token: string }, lang = 'en') {
  const attempt = randomUUID();
  const asked = await appOpen(customer.token, s.link, attempt, lang);
  expect(asked.statusCode, asked.body).toBe(200);
  expect(Object.keys(asked.json())).toEqual(['redirect_url']);
  const challenge = new URL(asked.json<{ redirect_url: string }>().redirect_url);
  expect(challenge.pathname).toMatch(/^\/v1\/notauth\/test-bank\/authenticate\/pi_test_/);
  const holds = await holdsOf(s.link, customer.id, attempt);
  expect(holds).toHaveLength(1);
  expect(holds[0]).toMatchObject({ operation: 'hold', status: 10 });
  expect(await commandsOf(s.micromarketId)).toEqual([]);
  return { attempt, path: challenge.pathname };
}

describe('the customer app’s opening with a 3-D Secure card', () => {
  it('answers the bank’s page; approved there, the same attempt again opens the door with one hold', async () => {
    const s = await shop();
    const customer = await customerWith3dsCard(s.orgId);
    const { attempt, path } = await toTheBank(s, customer, 'pl');

    // Sent again before the customer answered the bank: still the bank's page, and no second hold.
    const early = await appOpen(customer.token, s.link, attempt);
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json<{ redirect_url: string }>().redirect_url).toContain(path);
    expect(await holdsOf(s.link, customer.id, attempt)).toHaveLength(1);
    expect(await commandsOf(s.micromarketId)).toEqual([]);

    // Approved: the bank sends the customer to the page asking them to return to the app, in the app's language.
    const approved = await answerBank(path, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    const back = `${ctx.app.services.publicUrl.replace(/\/$/, '')}/v1/app/open/authenticated?lang=pl`;
    expect(approved.body).toContain(`<meta http-equiv="refresh" content="0;url=${back}">`);
    const page = await ctx.app.inject({ method: 'GET', url: new URL(back).pathname + new URL(back).search });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<html lang="pl">');
    expect(page.body).toContain('Możesz teraz wrócić do aplikacji Vitrina');

    // The app sends the same attempt again: the same hold, now authorised, and the door.
    const opened = await appOpen(customer.token, s.link, attempt);
    expect(opened.statusCode, opened.body).toBe(200);
    const answer = opened.json<{ message: string; request_id: number; command_id: string }>();
    expect(answer.message).toBe('The door will be opened shortly');
    const holds = await holdsOf(s.link, customer.id, attempt);
    expect(holds).toHaveLength(1);
    expect(holds[0]).toMatchObject({ status: 1 });
    const commands = await commandsOf(s.micromarketId);
    expect(commands.map((command) => command.id)).toEqual([answer.command_id]);
    const [sale] = await db().select().from(transactions).where(eq(transactions.commandId, answer.command_id));
    expect(sale).toMatchObject({ customerId: customer.id, paymentType: 23, status: 0 });
    expect(holds[0]!.transactionId).toBe(sale!.id);

    // And once more (a retried tap): that opening, nothing more held or queued.
    const again = await appOpen(customer.token, s.link, attempt);
    expect(again.json().command_id).toBe(answer.command_id);
    expect(await holdsOf(s.link, customer.id, attempt)).toHaveLength(1);
    expect(await commandsOf(s.micromarketId)).toHaveLength(1);
    await s.device.close();
  });

  it('declined at the bank, the same attempt again is §8’s payment system error and no door opens', async () => {
    const s = await shop();
    const customer = await customerWith3dsCard(s.orgId);
    const { attempt, path } = await toTheBank(s, customer);
    expect((await answerBank(path, 'decline')).statusCode).toBe(200);
    const again = await appOpen(customer.token, s.link, attempt);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe('Payment system error');
    const holds = await holdsOf(s.link, customer.id, attempt);
    expect(holds).toHaveLength(1);
    expect(holds[0]).toMatchObject({ status: 2 });
    expect(await commandsOf(s.micromarketId)).toEqual([]);
    await s.device.close();
  });

  it('an approved return opens the door though the customer has used up their refused taps meanwhile', async () => {
    const s = await shop();
    const customer = await customerWith3dsCard(s.orgId);
    const { attempt, path } = await toTheBank(s, customer);
    // Taps that open nothing (a QR code of no fridge), up to the customer's limit: each refused, then 429.
    for (let i = 0; i < OPEN_REFUSED_LIMIT; i += 1) {
      expect((await appOpen(customer.token, randomUUID(), randomUUID())).statusCode).toBe(404);
    }
    const limited = await appOpen(customer.token, s.link, randomUUID());
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    expect((await answerBank(path, 'approve')).statusCode).toBe(200);
    const opened = await appOpen(customer.token, s.link, attempt);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ message: 'The door will be opened shortly' });
    expect(await holdsOf(s.link, customer.id, attempt)).toMatchObject([{ status: 1 }]);
    expect(await commandsOf(s.micromarketId)).toHaveLength(1);
    await s.device.close();
  });

  it('the page to return to the app is public, in the browser’s language without `lang`, and refuses an unknown one', async () => {
    const page = await callApi(ctx, api.customerApp.openAuthenticated, {
      headers: { 'accept-language': 'uk-UA,uk;q=0.9' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Перевірку в банку завершено');
    // The app builds the address with the customer's locale; anything else is a bad request (sent raw).
    const unknown = await ctx.app.inject({ method: 'GET', url: `${api.customerApp.openAuthenticated.path}?lang=xx` });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().fields)).toEqual(['lang']);
  });
});
