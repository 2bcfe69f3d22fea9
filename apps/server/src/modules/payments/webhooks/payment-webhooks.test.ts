import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../../../test/api-client.js';
import { rowLeftInProcess, orgOnTestProvider as testProviderOrg } from '../../../../test/factories/payments.js';
import { createTestContext, type TestContext } from '../../../../test/helper.js';
import { auditLog, paymentWebhookEvents } from '../../../db/schema/index.js';
import { TestClock } from '../../../lib/clock.js';
import { performPayment } from '../ledger/payment-operations.service.js';
import * as repo from '../payments.repository.js';
import { TEST_WEBHOOK_DELAY_MS } from '../test-bank/test-provider.js';
import { deliverTestWebhooks } from './payment-webhooks.service.js';
import { signPayload } from './webhook-signature.js';

const clock = new TestClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(() => ctx.close());

let sequence = 0;
const key = (name: string) => `${name}-wh-${++sequence}`;

const orgOnTestProvider = async (simulate = 'none') => (await testProviderOrg(ctx, simulate)).orgId;

function deliver(orgId: number, body: string, signature: string | undefined, provider = 'test') {
  return ctx.app.inject({
    method: 'POST',
    url: `/v1/payment/webhook/${orgId}/${provider}`,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload: body,
  });
}

/** Posts every webhook the test bank has due for this organisation, as the provider would. */
async function deliverDue(orgId: number) {
  const due = ctx.app.payments.testBank.takeDueWebhooks();
  const mine = due.filter((webhook) => webhook.source.kind === 'org' && webhook.source.orgId === orgId);
  const answers = [];
  for (const webhook of mine) answers.push(await deliver(orgId, webhook.body, webhook.signature));
  return answers;
}

async function storedEvents(orgId: number) {
  return ctx.database.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.orgId, orgId));
}

describe('payment webhooks', () => {
  it('stores a verified event once and answers 200 again for its repeated delivery', async () => {
    const orgId = await orgOnTestProvider('duplicate_webhook');
    await performPayment(ctx.app.services, ctx.app.payments, {
      orgId,
      idempotencyKey: key('hold'),
      request: { operation: 'hold', amountMinor: 800, currency: 'UAH' },
    });
    const answers = await deliverDue(orgId);
    expect(answers.map((answer) => [answer.statusCode, answer.json().duplicate])).toEqual([
      [200, false],
      [200, true],
    ]);
    const events = await storedEvents(orgId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ provider: 'test', eventType: 'payment_intent.amount_capturable_updated' });
    expect(events[0]?.processedAt).not.toBeNull();
  });

  it('refuses a bad signature with 400 and stores nothing; an unknown organisation or provider answers the same', async () => {
    const orgId = await orgOnTestProvider();
    const body = JSON.stringify({ id: 'evt_forged', type: 'payment_intent.succeeded', data: { object: {} } });
    const now = Math.floor(clock.nowMs() / 1000);
    expect((await deliver(orgId, body, signPayload(body, 'whsec_guess0000000', now))).statusCode).toBe(400);
    expect((await deliver(orgId, body, undefined)).statusCode).toBe(400);
    expect(await storedEvents(orgId)).toHaveLength(0);
    for (const answer of [
      await deliver(orgId, body, 't=1,v1=00', 'stripe'),
      await deliver(2_000_000_000, body, 't=1,v1=00'),
    ]) {
      expect([answer.statusCode, answer.json<ApiErrorBody>().message]).toEqual([
        400,
        'The event signature is not valid',
      ]);
    }
  });

  it('a delayed webhook arrives when the clock gets there and settles the row a lost answer left in process', async () => {
    const orgId = await orgOnTestProvider('delayed_webhook');
    const hold = await performPayment(ctx.app.services, ctx.app.payments, {
      orgId,
      idempotencyKey: key('hold'),
      request: { operation: 'hold', amountMinor: 2500, currency: 'UAH' },
    });
    const captureKey = key('capture');
    // The capture's answer is lost on the way: the ledger row knows the payment but not the outcome.
    const row = await rowLeftInProcess(ctx, {
      orgId,
      operation: 'capture',
      amountMinor: 2000,
      idempotencyKey: captureKey,
      parentId: hold.id,
      providerReference: hold.providerReference,
      request: { amountMinor: 2000 },
      now: clock.now(),
    });
    const provider = ctx.app.payments.build((await repo.findSettings(ctx.database.db, orgId))!);
    await provider?.capture({ idempotencyKey: captureKey, reference: hold.providerReference ?? '', amountMinor: 2000 });
    expect(await deliverDue(orgId)).toHaveLength(0);
    clock.advance(TEST_WEBHOOK_DELAY_MS);
    const answers = await deliverDue(orgId);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await repo.findByKey(ctx.database.db, captureKey)).toMatchObject({ id: row?.id, status: 1 });
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(row?.id)));
    expect(audit.filter((entry) => entry.entity === 'payment_transaction')).toMatchObject([
      { via: 'webhook', actorLabel: 'payments:test', action: 'settle' },
    ]);
  });

  it('the server delivers the test provider’s due webhooks to itself, signed, once', async () => {
    const orgId = await orgOnTestProvider();
    await performPayment(ctx.app.services, ctx.app.payments, {
      orgId,
      idempotencyKey: key('charge'),
      request: { operation: 'charge', amountMinor: 990, currency: 'UAH', customer: 'c', paymentMethod: 'pm' },
    });
    const refused: unknown[] = [];
    expect(await deliverTestWebhooks(ctx.app.services, ctx.app.payments, (error) => refused.push(error))).toBe(1);
    expect(await deliverTestWebhooks(ctx.app.services, ctx.app.payments, (error) => refused.push(error))).toBe(0);
    expect(refused).toEqual([]);
    expect((await storedEvents(orgId)).map((event) => event.eventType)).toEqual(['payment_intent.succeeded']);
  });

  it('a job on the job runner delivers each test-provider webhook once it falls due', async () => {
    const orgId = await orgOnTestProvider();
    await performPayment(ctx.app.services, ctx.app.payments, {
      orgId,
      idempotencyKey: key('charge'),
      request: { operation: 'charge', amountMinor: 990, currency: 'UAH', customer: 'c', paymentMethod: 'pm' },
    });
    // The job is queued beside the provider's answer, not awaited by it: run the runner until it shows.
    await expect
      .poll(async () => {
        await ctx.app.jobs.runDue();
        return (await storedEvents(orgId)).map((event) => event.eventType);
      })
      .toEqual(['payment_intent.succeeded']);
  });
});
