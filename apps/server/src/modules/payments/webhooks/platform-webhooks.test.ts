import { api, type TestProviderSimulation } from '@vitrina/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiErrorBody, okApi } from '../../../../test/api-client.js';
import { orgOnTestProvider } from '../../../../test/factories/payments.js';
import { createTenant } from '../../../../test/factories/tenant.js';
import { createSignedInUser } from '../../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../../test/helper.js';
import { paymentTransactions, paymentWebhookEvents } from '../../../db/schema/index.js';
import { TestClock } from '../../../lib/clock.js';
import { performPayment } from '../ledger/payment-operations.service.js';
import { signPayload } from './webhook-signature.js';

/**
 * Issue 24, whose account: subscription fees go through the platform's own payment system, so
 * its provider's events (a fee whose answer was lost, a refund settled later) come to the
 * platform's own webhook address, verified with the platform's secret, and settle only rows
 * made through the platform.
 */
const clock = new TestClock();
const PLATFORM_SECRET = 'whsec_platformaccount0001';
let ctx: TestContext;
let platformAdmin: string;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
  const orgId = (await createTenant(ctx.database.db)).org.main;
  platformAdmin = (await createSignedInUser(ctx.database.db, { orgId, permissions: ['edit_platform_payment_system'] }))
    .token;
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
let sequence = 0;

const platformOnTest = (simulate: TestProviderSimulation) =>
  okApi(ctx, api.platformPayment.updateSettings, {
    token: platformAdmin,
    body: { provider: 'test', simulate, webhook_secret: PLATFORM_SECRET },
  });

function post(url: string, body: string, signature: string | undefined) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload: body,
  });
}
const signed = (body: string, secret: string) => signPayload(body, secret, Math.floor(clock.nowMs() / 1000));

/** A subscription fee charged through the platform whose answer was lost: its row stays in process. */
async function feeLeftInProcess(orgId: number) {
  await platformOnTest('timeout');
  const row = await performPayment(ctx.app.services, ctx.app.payments, {
    orgId,
    idempotencyKey: `platform-fee-${++sequence}`,
    throughPlatform: true,
    request: { operation: 'charge', amountMinor: 49_900, currency: 'UAH', customer: 'cus_x', paymentMethod: 'pm_x' },
  });
  await platformOnTest('none');
  expect(row).toMatchObject({ status: 10, throughPlatform: true });
  const due = ctx.app.payments.testBank.takeDueWebhooks().filter((webhook) => webhook.source.kind === 'platform');
  expect(due).toHaveLength(1);
  return { row, body: due[0]!.body };
}

const ledgerRow = async (id: number) =>
  (await db().select().from(paymentTransactions).where(eq(paymentTransactions.id, id)))[0]!;

describe('the platform’s webhook address', () => {
  it('settles a fee whose answer was lost, stores the event as the platform’s, and answers a repeat as a duplicate', async () => {
    const { orgId } = await orgOnTestProvider(ctx);
    const { row, body } = await feeLeftInProcess(orgId);
    const first = await post('/v1/platform/payment/webhook/test', body, signed(body, PLATFORM_SECRET));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(await ledgerRow(row.id)).toMatchObject({ status: 1, errorCode: null });
    const eventId = JSON.parse(body).id as string;
    const stored = await db()
      .select()
      .from(paymentWebhookEvents)
      .where(and(eq(paymentWebhookEvents.eventId, eventId), isNull(paymentWebhookEvents.orgId)));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.processedAt).not.toBeNull();
    const again = await post('/v1/platform/payment/webhook/test', body, signed(body, PLATFORM_SECRET));
    expect(again.json()).toEqual({ received: true, duplicate: true });
  });

  it('an organisation’s own webhook never settles a row made through the platform, even signed with its secret', async () => {
    const { orgId, operator } = await orgOnTestProvider(ctx);
    const orgSecret = 'whsec_organisation00001';
    await okApi(ctx, api.payment.updateSettings, {
      params: { org_id: orgId },
      token: operator,
      body: { provider: 'test', simulate: 'none', webhook_secret: orgSecret },
    });
    const { row, body } = await feeLeftInProcess(orgId);
    const atTheOrganisation = await post(`/v1/payment/webhook/${orgId}/test`, body, signed(body, orgSecret));
    expect(atTheOrganisation.statusCode, atTheOrganisation.body).toBe(200);
    expect(await ledgerRow(row.id)).toMatchObject({ status: 10 });
    const atThePlatform = await post('/v1/platform/payment/webhook/test', body, signed(body, PLATFORM_SECRET));
    expect(atThePlatform.statusCode).toBe(200);
    expect(await ledgerRow(row.id)).toMatchObject({ status: 1 });
  });

  it('refuses a wrong signature, and another provider than the platform’s, with 400; nothing is stored', async () => {
    await platformOnTest('none');
    const body = JSON.stringify({
      id: 'evt_platform_forged',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: {} },
    });
    for (const answer of [
      await post('/v1/platform/payment/webhook/test', body, signed(body, 'whsec_guessed000000001')),
      await post('/v1/platform/payment/webhook/test', body, undefined),
      await post('/v1/platform/payment/webhook/stripe', body, signed(body, PLATFORM_SECRET)),
    ]) {
      expect([answer.statusCode, answer.json<ApiErrorBody>().message]).toEqual([
        400,
        'The event signature is not valid',
      ]);
    }
    expect(
      await db().select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, 'evt_platform_forged')),
    ).toEqual([]);
  });

  it('refuses a body over the limit with 413, and a signed event id with a NUL byte with 400; nothing is stored', async () => {
    await platformOnTest('none');
    const huge = `{"id":"evt_huge","pad":"${'x'.repeat(10 * 1024 * 1024)}"}`;
    expect((await post('/v1/platform/payment/webhook/test', huge, signed(huge, PLATFORM_SECRET))).statusCode).toBe(413);
    // Signed with the platform's own secret, so only the body can refuse it.
    const withNul = JSON.stringify({
      id: 'evt_nul\u0000',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: {} },
    });
    const answer = await post('/v1/platform/payment/webhook/test', withNul, signed(withNul, PLATFORM_SECRET));
    expect(answer.statusCode).toBe(400);
    const stored = await db().select().from(paymentWebhookEvents).where(isNull(paymentWebhookEvents.orgId));
    expect(
      stored.map((row) => row.eventId).filter((id) => id.startsWith('evt_huge') || id.startsWith('evt_nul')),
    ).toEqual([]);
  });

  it('the platform’s settings give the address to paste into the provider', async () => {
    const settings = await platformOnTest('none');
    expect(settings.webhook_urls.test).toMatch(/\/v1\/platform\/payment\/webhook\/test$/);
    expect(settings.webhook_urls.stripe).toMatch(/\/v1\/platform\/payment\/webhook\/stripe$/);
  });
});
