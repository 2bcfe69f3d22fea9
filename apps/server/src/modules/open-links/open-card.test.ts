import { randomUUID } from 'node:crypto';
import { api, endpointPath, type TCardSetup } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { issueToken, TEST_MQTT_OPTIONS, TestDevice, testBrokerUrl } from '../../../test/device-client.js';
import { insertMicromarket, insertProduct, insertTags } from '../../../test/factories/catalogue.js';
import { orgOnTestProvider } from '../../../test/factories/payments.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { micromarkets, paymentTransactions, transactions } from '../../db/schema/index.js';
import { TestClock } from '../../lib/clock.js';

/**
 * Issue 24: the open-fridge page saves the buyer's card with a setup (the test provider's
 * offline form here; Stripe.js's Payment Element with Stripe), then the form names the setup
 * and the hold is made on the card it saved. The card number never reaches the server.
 */
let ctx: TestContext;
let url: string;
let ipSeq = 0;
const clock = new TestClock(Date.now());
const devices: TestDevice[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ clock, mqtt: TEST_MQTT_OPTIONS });
  url = testBrokerUrl(ctx.app.gateway?.port);
});
afterAll(async () => {
  for (const device of devices) await device.close();
  await ctx.close();
});

const db = () => ctx.database.db;
const FORM = { name: 'Olena', phone: '+380501234567' };
/** The public page's calls go raw: each from an address of its own, which the typed client does not set. */
const from = () => ({ remoteAddress: `10.9.0.${++ipSeq}` });

/** A connected, stocked fridge of an organisation on the test provider, and its customer link. */
async function shop(isConnected = true) {
  const { orgId, operator } = await orgOnTestProvider(ctx);
  const micromarketId = await insertMicromarket(db(), orgId, 'Lobby', { settings: { payment_rfid: true } });
  if (isConnected) {
    const device = new TestDevice({ url, ...(await issueToken(db(), micromarketId)) }, () => clock.nowMs());
    devices.push(device);
    await device.connect();
    await expect
      .poll(
        async () => (await db().select().from(micromarkets).where(eq(micromarkets.id, micromarketId)))[0]?.connection,
      )
      .toBe('online');
  }
  const sandwich = await insertProduct(db(), orgId, { name: 'Sandwich', sellCostMinor: 9_900 });
  const code = `E2${randomUUID().replaceAll('-', '').slice(0, 22).toUpperCase()}`;
  await insertTags(db(), orgId, sandwich, [{ code, status: 'in_micromarket' as const, micromarketId }]);
  const link = await callApi(ctx, api.openLink.create, {
    params: { id: micromarketId },
    token: operator,
    body: { kind: 'customer' },
  });
  return { orgId, micromarketId, link: link.json().token };
}

async function setupFor(link: string) {
  const answer = await ctx.app.inject({
    method: 'POST',
    url: endpointPath(api.card.openSetup, { token: link }),
    ...from(),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<TCardSetup>();
}

const confirm = (setup: TCardSetup, paymentMethod: string) =>
  ctx.app.inject({
    method: 'POST',
    url: api.card.confirmTestSetup.path,
    payload: { client_secret: setup.client_secret, payment_method: paymentMethod },
    ...from(),
  });

const open = (link: string, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: endpointPath(api.openLink.customerOpen, { token: link }),
    payload: { ...FORM, attempt: randomUUID(), ...payload },
    ...from(),
  });

describe('the open-fridge page saves its card with a setup', () => {
  it('holds the card the setup saved and opens the door', async () => {
    const s = await shop();
    const setup = await setupFor(s.link);
    expect(setup).toMatchObject({ provider: 'test', publishable_key: null });
    // Not confirmed yet: no hold, no door.
    const early = await open(s.link, { setup_id: setup.setup_id });
    expect(early.statusCode).toBe(409);
    expect((await confirm(setup, 'pm_card_visa')).statusCode).toBe(200);
    const answer = await open(s.link, { setup_id: setup.setup_id });
    expect(answer.statusCode, answer.body).toBe(200);
    const commandId = answer.json<{ command_id: string }>().command_id;
    const [sale] = await db().select().from(transactions).where(eq(transactions.commandId, commandId));
    const [hold] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.transactionId, sale!.id));
    const saved = (await ctx.app.payments.testBank.cards.read(setup.setup_id)).card!;
    expect(hold).toMatchObject({ operation: 'hold', status: 1, provider: 'test' });
    expect(hold!.request).toMatchObject({ paymentMethod: saved.paymentMethod });
    expect(saved.paymentMethod).toMatch(/^pm_test_/);
  });

  it('a setup of another link is not this link’s (404); a declining card is §8’s payment system error', async () => {
    const [a, b] = [await shop(), await shop()];
    const setup = await setupFor(a.link);
    await confirm(setup, 'pm_card_visa');
    expect((await open(b.link, { setup_id: setup.setup_id })).statusCode).toBe(404);

    const declining = await setupFor(b.link);
    await confirm(declining, 'pm_card_chargeDeclined');
    const refused = await open(b.link, { setup_id: declining.setup_id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Payment system error');
  });

  it('asks for no card while the micromarket would refuse the door, and says why', async () => {
    const s = await shop(false);
    const answer = await ctx.app.inject({
      method: 'POST',
      url: endpointPath(api.card.openSetup, { token: s.link }),
      ...from(),
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe('No ping/connection');
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: endpointPath(api.card.openSetup, { token: randomUUID() }),
      ...from(),
    });
    expect(unknown.statusCode).toBe(404);
  });
});
