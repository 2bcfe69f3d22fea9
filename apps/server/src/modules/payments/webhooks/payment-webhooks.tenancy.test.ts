import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../../../test/api-client.js';
import { orgOnTestProvider } from '../../../../test/factories/payments.js';
import { createTenant } from '../../../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../../../test/helper.js';
import { paymentSettings, paymentWebhookEvents } from '../../../db/schema/index.js';
import { seedCustomersDemo } from '../../../demo/sales.js';
import { TestClock } from '../../../lib/clock.js';
import { performPayment } from '../ledger/payment-operations.service.js';
import * as repo from '../payments.repository.js';
import { sealPaymentCredentials } from '../provider-registry.js';
import { deliverTestWebhooks } from './payment-webhooks.service.js';
import { newWebhookSecret, signPayload } from './webhook-signature.js';

/** Issue 22 §3: a webhook is verified with its own organisation's secret, and processed once per organisation. */
const clock = new TestClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
let sequence = 0;

function deliver(orgId: number, body: string, signature: string | undefined, lang = 'en') {
  return ctx.app.inject({
    method: 'POST',
    url: `/v1/payment/webhook/${orgId}/test`,
    headers: { 'content-type': 'application/json', lang, ...(signature ? { 'stripe-signature': signature } : {}) },
    payload: body,
  });
}

const storedEvents = (orgId: number) =>
  db().select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.orgId, orgId));

async function webhookSecretOf(orgId: number) {
  const row = await repo.findSettings(db(), orgId);
  return ctx.app.payments.openCredentials(row!).webhook_secret ?? '';
}

const event = (id: string) =>
  JSON.stringify({ id, object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_none' } } });

async function charge(orgId: number) {
  await performPayment(ctx.app.services, ctx.app.payments, {
    orgId,
    idempotencyKey: `tenancy-${++sequence}`,
    request: { operation: 'charge', amountMinor: 700, currency: 'UAH', customer: 'c', paymentMethod: 'pm' },
  });
}

describe('webhook secrets', () => {
  it('refuses with 400 and stores nothing when the organisation’s settings hold no webhook secret', async () => {
    const { org } = await createTenant(db());
    // What the demo seed wrote before: the test provider, no credentials at all.
    await db().insert(paymentSettings).values({ orgId: org.main, provider: 'test' });
    const body = event('evt_unsigned_1');
    const now = Math.floor(clock.nowMs() / 1000);
    // An empty key signs nothing: anyone could compute this signature.
    for (const signature of [signPayload(body, '', now), undefined]) {
      const answer = await deliver(org.main, body, signature, 'pl');
      expect([answer.statusCode, answer.json<ApiErrorBody>().message]).toEqual([
        400,
        'W systemie płatności organizacji nie ustawiono sekretu podpisu webhooków, więc nie można zweryfikować zdarzenia',
      ]);
    }
    // The test provider's own events for such an organisation are refused the same way.
    await charge(org.main);
    const refused: unknown[] = [];
    await deliverTestWebhooks(ctx.app.services, ctx.app.payments, (error) => refused.push(error));
    expect(refused).toHaveLength(1);
    expect(await storedEvents(org.main)).toEqual([]);
  });

  it('the demo seed gives each organisation a sealed secret, and the test provider signs its events with it', async () => {
    const { org } = await createTenant(db());
    await seedCustomersDemo(db(), [org.main, org.kyiv], (orgId) =>
      sealPaymentCredentials(ctx.app.services.secrets, orgId, { webhook_secret: newWebhookSecret() }),
    );
    const [main, kyiv] = [await webhookSecretOf(org.main), await webhookSecretOf(org.kyiv)];
    expect(main).toMatch(/^whsec_/);
    expect(kyiv).toMatch(/^whsec_/);
    expect(main).not.toBe(kyiv);
    await charge(org.main);
    const refused: unknown[] = [];
    expect(await deliverTestWebhooks(ctx.app.services, ctx.app.payments, (error) => refused.push(error))).toBe(1);
    expect(refused).toEqual([]);
    expect((await storedEvents(org.main)).map((row) => row.eventType)).toEqual(['payment_intent.succeeded']);
  });
});

describe('webhook event ids', () => {
  it('are unique per organisation: the same id is processed for two organisations, twice for one only once', async () => {
    const [first, second] = [(await orgOnTestProvider(ctx)).orgId, (await orgOnTestProvider(ctx)).orgId];
    const body = event('evt_shared_by_two_accounts');
    const signed = async (orgId: number) =>
      signPayload(body, await webhookSecretOf(orgId), Math.floor(clock.nowMs() / 1000));
    const answers = [
      await deliver(first, body, await signed(first)),
      await deliver(second, body, await signed(second)),
      await deliver(first, body, await signed(first)),
    ];
    expect(answers.map((answer) => [answer.statusCode, answer.json().duplicate])).toEqual([
      [200, false],
      [200, false],
      [200, true],
    ]);
    expect(await storedEvents(first)).toHaveLength(1);
    expect(await storedEvents(second)).toHaveLength(1);
    // The other organisation's secret does not open this one's door.
    expect((await deliver(second, event('evt_cross'), await signed(first))).statusCode).toBe(400);
  });
});
