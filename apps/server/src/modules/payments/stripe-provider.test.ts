import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { providerError } from '../../../test/provider-error.js';
import { StripeStandIn } from '../../../test/stripe-stand-in.js';
import { TestClock } from '../../lib/clock.js';
import { PaymentProviderError } from './provider.js';
import { StripePaymentProvider } from './stripe-provider.js';
import { signPayload } from './webhook-signature.js';

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
    const request = { idempotencyKey: holdKey, amountMinor: 700, currency: 'UAH', paymentMethod: 'pm_card_visa' };
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
        amountMinor: 100,
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
