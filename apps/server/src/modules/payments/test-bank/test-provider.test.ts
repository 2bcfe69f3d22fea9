import { describe, expect, it } from 'vitest';
import { providerError } from '../../../../test/stand-ins/provider-error.js';
import { TestClock } from '../../../lib/clock.js';
import { signPayload } from '../webhooks/webhook-signature.js';
import { TEST_WEBHOOK_DELAY_MS, TestPaymentBank, TestPaymentProvider } from './test-provider.js';

const SECRET = 'whsec_testprovider000';

function provider(simulate: ConstructorParameters<typeof TestPaymentProvider>[0]['simulate'] = 'none') {
  const clock = new TestClock();
  const bank = new TestPaymentBank(clock);
  return { clock, bank, provider: new TestPaymentProvider({ bank, orgId: 1, webhookSecret: SECRET, simulate }) };
}

describe('test provider', () => {
  it('holds, captures part, refunds in parts up to what was taken', async () => {
    const { provider: p } = provider();
    const held = await p.hold({ idempotencyKey: 'h', amountMinor: 1000, currency: 'UAH' });
    expect(held).toMatchObject({ status: 'held', amountMinor: 1000, capturedMinor: 0 });
    expect(
      (await providerError(p.capture({ idempotencyKey: 'c0', reference: held.reference, amountMinor: 1001 }))).code,
    ).toBe('amount_too_large');
    const captured = await p.capture({ idempotencyKey: 'c', reference: held.reference, amountMinor: 600 });
    expect(captured).toMatchObject({ status: 'captured', capturedMinor: 600 });
    expect(await p.refund({ idempotencyKey: 'r1', reference: held.reference, amountMinor: 200 })).toMatchObject({
      amountMinor: 200,
    });
    expect(await p.refund({ idempotencyKey: 'r2', reference: held.reference })).toMatchObject({ amountMinor: 400 });
    expect((await providerError(p.refund({ idempotencyKey: 'r3', reference: held.reference }))).kind).toBe('refused');
  });

  it('answers a repeated key with the first outcome and refuses the key for another request', async () => {
    const { bank, provider: p } = provider();
    const first = await p.hold({ idempotencyKey: 'same', amountMinor: 500, currency: 'UAH' });
    expect(await p.hold({ idempotencyKey: 'same', amountMinor: 500, currency: 'UAH' })).toEqual(first);
    expect(bank.payments.size).toBe(1);
    const reused = await providerError(p.hold({ idempotencyKey: 'same', amountMinor: 501, currency: 'UAH' }));
    expect(reused.code).toBe('idempotency_key_in_use');
  });

  it('decline: holds and charges are declined, every time the key is asked', async () => {
    const { provider: p } = provider('decline');
    for (let i = 0; i < 2; i += 1) {
      expect((await providerError(p.hold({ idempotencyKey: 'd', amountMinor: 1, currency: 'UAH' }))).kind).toBe(
        'declined',
      );
    }
    const charge = p.chargeSavedCard({
      idempotencyKey: 'c',
      amountMinor: 1,
      currency: 'UAH',
      customer: 'c',
      paymentMethod: 'p',
    });
    expect((await providerError(charge)).code).toBe('card_declined');
  });

  it('timeout: the work is done, the first answer is lost, asking again gets it', async () => {
    const { bank, provider: p } = provider('timeout');
    const lost = await providerError(p.hold({ idempotencyKey: 't', amountMinor: 300, currency: 'UAH' }));
    expect(lost.isOutcomeUnknown).toBe(true);
    const again = await p.hold({ idempotencyKey: 't', amountMinor: 300, currency: 'UAH' });
    expect(again.status).toBe('held');
    expect(bank.payments.size).toBe(1);
    expect((await providerError(p.testConnection())).kind).toBe('unavailable');
  });

  it('delayed and duplicate webhooks follow the clock, signed so the provider itself accepts them', async () => {
    const delayed = provider('delayed_webhook');
    await delayed.provider.hold({ idempotencyKey: 'w', amountMinor: 100, currency: 'UAH' });
    expect(delayed.bank.takeDueWebhooks()).toEqual([]);
    delayed.clock.advance(TEST_WEBHOOK_DELAY_MS);
    const [webhook] = delayed.bank.takeDueWebhooks();
    const event = delayed.provider.parseWebhook({ rawBody: webhook?.body ?? '', signature: webhook?.signature });
    expect(event).toMatchObject({ type: 'payment_intent.amount_capturable_updated', paymentStatus: 'held' });

    const doubled = provider('duplicate_webhook');
    await doubled.provider.hold({ idempotencyKey: 'w', amountMinor: 100, currency: 'UAH' });
    const twice = doubled.bank.takeDueWebhooks();
    expect(twice).toHaveLength(2);
    expect(new Set(twice.map((entry) => JSON.parse(entry.body).id)).size).toBe(1);
  });

  it('does not restart its ids with the server: a fresh bank repeats no payment, refund or event id of the last', async () => {
    const ids = async () => {
      const { bank, provider: p } = provider();
      const held = await p.hold({ idempotencyKey: 'h', amountMinor: 500, currency: 'UAH' });
      await p.capture({ idempotencyKey: 'c', reference: held.reference });
      const refund = await p.refund({ idempotencyKey: 'r', reference: held.reference });
      const events = bank.takeDueWebhooks().map((webhook) => JSON.parse(webhook.body).id as string);
      return [held.reference, refund.reference, ...events];
    };
    const before = await ids();
    const after = await ids();
    expect(before).toHaveLength(5);
    expect(after.filter((id) => before.includes(id))).toEqual([]);
    expect(after[0]).toMatch(/^pi_test_/);
  });

  it('refuses every webhook without a stored secret, however it is signed', () => {
    const clock = new TestClock();
    const bank = new TestPaymentBank(clock);
    const p = new TestPaymentProvider({ bank, orgId: 1, webhookSecret: null, simulate: 'none' });
    const body = JSON.stringify({
      id: 'evt_x',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: {} },
    });
    const signature = signPayload(body, '', Math.floor(clock.nowMs() / 1000));
    expect(() => p.parseWebhook({ rawBody: body, signature })).toThrow(/bad_signature: no_webhook_secret/);
  });
});
