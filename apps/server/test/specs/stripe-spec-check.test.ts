import { describe, expect, it } from 'vitest';
import { checkStripeObject, checkStripeRequest, decodeStripeForm, STRIPE_SPEC } from './stripe-spec-check.js';

const post = (url: string, form: Record<string, string>) =>
  checkStripeRequest({ method: 'POST', url, body: new URLSearchParams(form).toString() });

describe('the Stripe stand-in’s check against Stripe’s published OpenAPI', () => {
  it('is the vendored subset, with its source', () => {
    expect(STRIPE_SPEC.source).toMatchObject({
      repository: 'https://github.com/stripe/openapi',
      commit: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    expect(STRIPE_SPEC.operations.map((operation) => operation.operationId)).toContain(
      'PostPaymentIntentsIntentCapture',
    );
  });

  it('reads a form as Stripe does: brackets nest, empty or numbered brackets make lists', () => {
    expect(
      decodeStripeForm(
        'metadata[idempotency_key]=k&expand[]=a&expand[]=b&payment_method_options[card][request_three_d_secure]=any',
      ),
    ).toEqual({
      metadata: { idempotency_key: 'k' },
      expand: ['a', 'b'],
      payment_method_options: { card: { request_three_d_secure: 'any' } },
    });
  });

  it('passes a request as the adapter sends it', () => {
    const checked = post('/v1/payment_intents', {
      amount: '5000',
      currency: 'uah',
      capture_method: 'manual',
      confirm: 'true',
      payment_method: 'pm_1',
      return_url: 'https://panel.example/back',
      'metadata[idempotency_key]': 'v1:sale:1:hold',
      'payment_method_options[card][request_three_d_secure]': 'automatic',
    });
    expect(checked.violations).toEqual([]);
    expect(checked.operation?.operationId).toBe('PostPaymentIntents');
  });

  it('names an unknown parameter (nested too), a wrong type, a value outside an enumeration and a missing one', () => {
    expect(
      post('/v1/payment_intents', { amount: '12.5', currency: 'uah', capture_method: 'later', colour: 'red' })
        .violations,
    ).toEqual([
      'POST /v1/payment_intents: amount: 12.5 is not an integer',
      'POST /v1/payment_intents: capture_method: later is not one of automatic, automatic_async, manual',
      'POST /v1/payment_intents: colour: unknown parameter',
    ]);
    expect(
      post('/v1/payment_intents/pi_1/capture', { 'payment_method_options[card][colour]': 'red' }).violations,
    ).toEqual(['POST /v1/payment_intents/{intent}/capture: payment_method_options: unknown parameter']);
    expect(post('/v1/payment_intents', { amount: '100' }).violations).toEqual([
      'POST /v1/payment_intents: currency: missing',
    ]);
    expect(
      post('/v1/refunds', { 'payment_method_options[card][request_three_d_secure]': 'any' }).violations,
    ).toHaveLength(1);
    expect(
      checkStripeRequest({ method: 'GET', url: '/v1/payment_intents/search?query=x&colour=red', body: '' }).violations,
    ).toEqual(['GET /v1/payment_intents/search: unknown query parameter colour']);
    expect(checkStripeRequest({ method: 'DELETE', url: '/v1/charges/ch_1', body: '' }).violations).toHaveLength(1);
  });

  it('checks the stand-in’s own answers: fields and enumerated values of Stripe’s objects', () => {
    expect(checkStripeObject({ id: 'pi_1', object: 'payment_intent', status: 'requires_capture' })).toEqual([]);
    expect(checkStripeObject({ id: 'pi_1', object: 'payment_intent', status: 'held', colour: 'red' })).toEqual([
      'payment_intent.status: held',
      'payment_intent.colour: not a field of payment_intent',
    ]);
  });
});
