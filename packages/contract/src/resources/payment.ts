import { z } from 'zod';
import { PAYMENT_PROVIDERS, TEST_PROVIDER_SIMULATIONS } from '../enums.js';
import { storableString, ZIdFromText } from './common.js';

export const ZOrgIdParam = z.object({ org_id: ZIdFromText });

/** Stripe's secret and restricted API keys; publishable keys (pk_) cannot act on payments. */
export const STRIPE_SECRET_KEY_PATTERN = /^(sk|rk)_(test|live)_[0-9A-Za-z]{10,247}$/;
/** Stripe's publishable key, for Stripe.js on the pages that save a card; public by design. */
export const STRIPE_PUBLISHABLE_KEY_PATTERN = /^pk_(test|live)_[0-9A-Za-z]{10,247}$/;
/** The signing secret of a Stripe webhook endpoint. */
export const WEBHOOK_SECRET_PATTERN = /^whsec_[0-9A-Za-z+/=_-]{8,250}$/;

/** A stored credential as shown: masked (`••••1234`), or null when none is stored. */
const ZMasked = z.string().nullable();

/** An organisation's payment system as the panel sees it: never a credential in the clear. */
export const ZPaymentSettings = z.object({
  org_id: z.number().int(),
  /** null until someone chooses one; payments of the organisation are refused until then. */
  provider: z.enum(PAYMENT_PROVIDERS).nullable(),
  secret_key: ZMasked,
  /** Stripe's publishable key in full (it is public: Stripe.js runs with it in the customer's browser). */
  publishable_key: z.string().nullable(),
  webhook_secret: ZMasked,
  simulate: z.enum(TEST_PROVIDER_SIMULATIONS),
  /** Where each provider sends its events; copied into the provider's dashboard. */
  webhook_urls: z.record(z.enum(PAYMENT_PROVIDERS), z.string()),
  updated_at: z.string().nullable(),
});
export type TPaymentSettings = z.infer<typeof ZPaymentSettings>;

/** An empty or omitted credential keeps the stored one, so the masked value never has to be sent back. */
const optionalSecret = (
  pattern: RegExp,
  error: 'payment.secret_key_format' | 'payment.webhook_secret_format' | 'payment.publishable_key_format',
) =>
  storableString()
    .trim()
    .max(256)
    .refine((value) => value === '' || pattern.test(value), { error })
    .optional();

export const ZUpdatePaymentSettings = z
  .object({
    provider: z.enum(PAYMENT_PROVIDERS, { error: 'validation.required' }),
    secret_key: storableString().trim().max(256).optional(),
    publishable_key: optionalSecret(STRIPE_PUBLISHABLE_KEY_PATTERN, 'payment.publishable_key_format'),
    webhook_secret: optionalSecret(WEBHOOK_SECRET_PATTERN, 'payment.webhook_secret_format'),
    simulate: z.enum(TEST_PROVIDER_SIMULATIONS).optional(),
  })
  .superRefine((body, context) => {
    if (body.provider === 'stripe' && body.secret_key && !STRIPE_SECRET_KEY_PATTERN.test(body.secret_key)) {
      context.addIssue({ code: 'custom', path: ['secret_key'], message: 'payment.secret_key_format' });
    }
  });
export type TUpdatePaymentSettings = z.input<typeof ZUpdatePaymentSettings>;

/**
 * The platform's own payment system (subscription fees): the same choice as an organisation's,
 * without an organisation. Its events are not received yet (no webhook address).
 */
/** The platform's settings, with the address each provider posts the platform account's events to. */
export const ZPlatformPaymentSettings = ZPaymentSettings.omit({ org_id: true });
export type TPlatformPaymentSettings = z.infer<typeof ZPlatformPaymentSettings>;

/** The answer of "test connection": the provider's refusal is data here, shown under §8's payment system error title. */
export const ZPaymentConnectionResult = z.object({
  ok: z.boolean(),
  /** Why the provider refused or could not be reached, in the caller's language; null when ok. */
  message: z.string().nullable(),
});
export type TPaymentConnectionResult = z.infer<typeof ZPaymentConnectionResult>;

export const ZPaymentWebhookParams = z.object({ org_id: ZIdFromText, provider: z.enum(PAYMENT_PROVIDERS) });
export const ZPlatformWebhookParams = z.object({ provider: z.enum(PAYMENT_PROVIDERS) });
export const ZPaymentWebhookReceived = z.object({ received: z.literal(true), duplicate: z.boolean() });
