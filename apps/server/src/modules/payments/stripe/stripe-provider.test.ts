import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { providerError } from '../../../../test/stand-ins/provider-error.js';
import { StripeStandIn } from '../../../../test/stand-ins/stripe-stand-in.js';
import { TestClock } from '../../../lib/clock.js';
import { PaymentProviderError } from '../provider.js';
import { signPayload } from '../webhooks/webhook-signature.js';
import { StripePaymentProvider } from './stripe-provider.js';

const SECRET_KEY = 'sk_test_51StandInKey0123456789';
const WEBHOOK_SECRET = 'whsec_standin0123456789';
const standIn = new StripeStandIn(SECRET_KEY);
const clock = new TestClock();
let baseUrl = '';
let provider: StripePaymentProvider;

beforeAll(async () => {
  baseUrl = await standIn.start();
  provider = new StripePaymentProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, clock, baseUrl });
});
afterAll(() => standIn.stop());
afterEach(() => expect(standIn.violations).toEqual([]));

let keys = 0;
const key = (name: string) => `${name}-${++keys}`;

describe('Stripe adapter against the stand-in', () => {
  it('holds with manual capture, captures part of it, and the rest stays with the customer', async () => {
    const holdKey = key('hold');
    const held = await provider.hold({
      idempotencyKey: holdKey,
      amountMinor: 5000,
      currency: 'UAH',
      customer: 'cus_1',
      paymentMethod: 'pm_card_visa',
    });
    expect(held).toMatchObject({ status: 'held', amountMinor: 5000, capturedMinor: 0, currency: 'UAH' });
    const create = standIn.requests.at(-1);
    expect(create).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      idempotencyKey: holdKey,
      form: {
        amount: '5000',
        currency: 'uah',
        capture_method: 'manual',
        confirm: 'true',
        off_session: 'true',
        payment_method: 'pm_card_visa',
        customer: 'cus_1',
        'metadata[idempotency_key]': holdKey,
      },
    });
    const captured = await provider.capture({
      idempotencyKey: key('capture'),
      reference: held.reference,
      amountMinor: 3450,
    });
    expect(captured).toMatchObject({ status: 'captured', capturedMinor: 3450 });
    expect(standIn.requests.at(-1)).toMatchObject({
      path: `/v1/payment_intents/${held.reference}/capture`,
      form: { amount_to_capture: '3450' },
    });
  });

  it('releases a hold by cancelling the PaymentIntent', async () => {
    const held = await provider.hold({
      idempotencyKey: key('hold'),
      amountMinor: 900,
      currency: 'EUR',
      paymentMethod: 'pm_card_visa',
    });
    const released = await provider.release({ idempotencyKey: key('release'), reference: held.reference });
    expect(released.status).toBe('released');
    expect(standIn.requests.at(-1)?.path).toBe(`/v1/payment_intents/${held.reference}/cancel`);
  });

  it('charges a saved card off-session and refunds it in part, then the rest', async () => {
    const charged = await provider.chargeSavedCard({
      idempotencyKey: key('charge'),
      amountMinor: 12_000,
      currency: 'PLN',
      customer: 'cus_2',
      paymentMethod: 'pm_card_visa',
    });
    expect(charged).toMatchObject({ status: 'captured', capturedMinor: 12_000 });
    expect(standIn.requests.at(-1)?.form).not.toHaveProperty('capture_method');
    const part = await provider.refund({
      idempotencyKey: key('refund'),
      reference: charged.reference,
      amountMinor: 2_000,
    });
    expect(part).toMatchObject({ status: 'succeeded', amountMinor: 2_000, paymentReference: charged.reference });
    expect(standIn.requests.at(-1)).toMatchObject({
      path: '/v1/refunds',
      form: { payment_intent: charged.reference, amount: '2000' },
    });
    const rest = await provider.refund({ idempotencyKey: key('refund'), reference: charged.reference });
    expect(rest.amountMinor).toBe(10_000);
    expect(standIn.requests.at(-1)?.form).not.toHaveProperty('amount');
    const error = await providerError(provider.refund({ idempotencyKey: key('refund'), reference: charged.reference }));
    expect(error.kind).toBe('refused');
  });

  it('asks again with the same key and gets the same PaymentIntent, not a second one', async () => {
    const holdKey = key('hold');
    const request = { idempotencyKey: holdKey, amountMinor: 7000, currency: 'UAH', paymentMethod: 'pm_card_visa' };
    standIn.dropNextAnswer = true;
    const lost = await providerError(provider.hold(request));
    expect(lost.kind).toBe('unavailable');
    expect(lost.isOutcomeUnknown).toBe(true);
    const again = await provider.hold(request);
    const created = standIn.requests.filter((entry) => entry.idempotencyKey === holdKey);
    expect(created).toHaveLength(2);
    expect(standIn.intentsWithKey(holdKey).map((intent) => intent.id)).toEqual([again.reference]);
  });

  it('tells a decline, a refused key and an outage apart', async () => {
    const declined = await providerError(
      provider.hold({
        idempotencyKey: key('hold'),
        amountMinor: 3000,
        currency: 'UAH',
        paymentMethod: 'pm_card_chargeDeclined',
      }),
    );
    expect([declined.kind, declined.code]).toEqual(['declined', 'generic_decline']);
    const wrongKey = new StripePaymentProvider({
      secretKey: 'sk_test_wrong0000000000',
      webhookSecret: null,
      clock,
      baseUrl,
    });
    expect((await providerError(wrongKey.testConnection())).kind).toBe('credentials');
    await provider.testConnection();
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/balance' });
    standIn.failNextWith500 = true;
    expect((await providerError(provider.testConnection())).kind).toBe('unavailable');
    const nowhere = new StripePaymentProvider({
      secretKey: SECRET_KEY,
      webhookSecret: null,
      clock,
      baseUrl: 'http://127.0.0.1:9',
    });
    expect((await providerError(nowhere.testConnection())).kind).toBe('unavailable');
  });
});

describe('Stripe adapter: what a web purchase, a pending refund and a lost answer need', () => {
  it('a buyer at the page confirms with a return_url; a card that asks for 3-D Secure waits with the bank’s page', async () => {
    const held = await provider.hold({
      idempotencyKey: key('hold'),
      amountMinor: 50_000,
      currency: 'UAH',
      paymentMethod: 'pm_card_threeDSecure2Required',
      returnUrl: 'https://panel.example/notauth/open/fridge/t?attempt=a',
    });
    expect(held).toMatchObject({ status: 'pending', redirectUrl: expect.stringContaining('/3ds/') });
    expect(standIn.requests.at(-1)?.form).toMatchObject({
      confirm: 'true',
      return_url: 'https://panel.example/notauth/open/fridge/t?attempt=a',
    });
    expect(standIn.requests.at(-1)?.form).not.toHaveProperty('off_session');
    standIn.authenticate(held.reference, 'succeeded');
    expect(await provider.retrievePayment(held.reference)).toMatchObject({ status: 'held', capturedMinor: 0 });
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${held.reference}` });
  });

  it('never asks for less than Stripe’s minimum, and reads Stripe’s refusal of it as a refused request', async () => {
    expect([
      provider.minimumChargeMinor('uah'),
      provider.minimumChargeMinor('PLN'),
      provider.minimumChargeMinor('EUR'),
    ]).toEqual([2_500, 200, 50]);
    const held = await provider.hold({
      idempotencyKey: key('hold'),
      amountMinor: 30_000,
      currency: 'UAH',
      paymentMethod: 'pm_card_visa',
    });
    const small = await providerError(
      provider.capture({ idempotencyKey: key('capture'), reference: held.reference, amountMinor: 7 }),
    );
    expect([small.kind, small.code]).toEqual(['refused', 'amount_too_small']);
  });

  it('a refund answered pending is read again by its id, and its failure tells why', async () => {
    const charged = await provider.chargeSavedCard({
      idempotencyKey: key('charge'),
      amountMinor: 9_000,
      currency: 'UAH',
      customer: 'cus_3',
      paymentMethod: 'pm_card_visa',
    });
    standIn.refundsPending = true;
    const refund = await provider.refund({
      idempotencyKey: key('refund'),
      reference: charged.reference,
      amountMinor: 4_000,
    });
    standIn.refundsPending = false;
    expect(refund).toMatchObject({ status: 'pending', paymentReference: charged.reference });
    expect(await provider.retrieveRefund(refund.reference)).toMatchObject({ status: 'pending' });
    standIn.settleRefund(refund.reference, 'failed', 'expired_or_canceled_card');
    expect(await provider.retrieveRefund(refund.reference)).toMatchObject({
      status: 'failed',
      failureReason: 'expired_or_canceled_card',
    });
  });

  it('each installation’s keys carry its prefix: one Stripe account, two databases, the same ledger key, two payments', async () => {
    const at = (keyPrefix: string) =>
      new StripePaymentProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, clock, baseUrl, keyPrefix });
    const [first, second] = [at('vaaaa1111'), at('vbbbb2222')];
    const request = {
      idempotencyKey: 'sale:1:hold',
      amountMinor: 30_000,
      currency: 'UAH',
      paymentMethod: 'pm_card_visa',
    };
    const one = await first.hold(request);
    const other = await second.hold(request);
    expect(one.reference).not.toBe(other.reference);
    const sent = standIn.requests.slice(-2);
    expect(sent.map((entry) => [entry.idempotencyKey, entry.form['metadata[idempotency_key]']])).toEqual([
      ['vaaaa1111:sale:1:hold', 'vaaaa1111:sale:1:hold'],
      ['vbbbb2222:sale:1:hold', 'vbbbb2222:sale:1:hold'],
    ]);
    // Each finds its own by the key, and reads the other's events as no row of its own.
    expect((await first.findByKey({ operation: 'hold', idempotencyKey: 'sale:1:hold' }))?.reference).toBe(
      one.reference,
    );
    expect((await second.findByKey({ operation: 'hold', idempotencyKey: 'sale:1:hold' }))?.reference).toBe(
      other.reference,
    );
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/payment_intents/search' });
    const event = standIn.events.findLast((candidate) => candidate.data.object.id === other.reference)!;
    const { body, signature } = standIn.signed(event, WEBHOOK_SECRET, Math.floor(clock.nowMs() / 1000));
    expect(second.parseWebhook({ rawBody: body, signature }).idempotencyKey).toBe('sale:1:hold');
    expect(first.parseWebhook({ rawBody: body, signature }).idempotencyKey).toBeUndefined();
  });
});

describe('Stripe webhook signatures', () => {
  const body = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'payment_intent.succeeded',
    data: { object: { id: 'pi_1', object: 'payment_intent', status: 'succeeded' } },
  });
  const now = () => Math.floor(clock.nowMs() / 1000);

  it('accepts the signature of the endpoint secret, also among several v1 values', () => {
    const event = provider.parseWebhook({ rawBody: body, signature: signPayload(body, WEBHOOK_SECRET, now()) });
    expect(event).toEqual({
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      paymentReference: 'pi_1',
      paymentStatus: 'captured',
    });
    const other = signPayload(body, 'whsec_other', now()).split(',')[1];
    const rolled = `${signPayload(body, WEBHOOK_SECRET, now())},${other}`;
    expect(provider.parseWebhook({ rawBody: body, signature: rolled }).id).toBe('evt_1');
  });

  it('accepts a timestamp up to the tolerance ahead of our clock (Stripe’s clock a little ahead) as well as behind', () => {
    const signedAt = (offset: number) => signPayload(body, WEBHOOK_SECRET, now() + offset);
    for (const offset of [1, 120, 300, -300]) {
      expect(provider.parseWebhook({ rawBody: body, signature: signedAt(offset) }).id).toBe('evt_1');
    }
    expect(() => provider.parseWebhook({ rawBody: body, signature: signedAt(301) })).toThrow(PaymentProviderError);
  });

  it('refuses another secret, a changed body, an old timestamp and no header', () => {
    const refused = (rawBody: string, signature: string | undefined) => {
      expect(() => provider.parseWebhook({ rawBody, signature })).toThrow(PaymentProviderError);
    };
    refused(body, signPayload(body, 'whsec_wrong000000', now()));
    refused(body.replace('succeeded', 'canceled'), signPayload(body, WEBHOOK_SECRET, now()));
    refused(body, signPayload(body, WEBHOOK_SECRET, now() - 301));
    refused(body, undefined);
    refused(body, 't=abc,v1=zz');
  });
});
