import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PaymentProviderError } from '../provider.js';

/** The code of a provider's refusal when the organisation stored no webhook secret to verify with. */
export const NO_WEBHOOK_SECRET = 'no_webhook_secret';

export function noWebhookSecret(): PaymentProviderError {
  return new PaymentProviderError('bad_signature', NO_WEBHOOK_SECRET, 'No webhook signing secret is stored');
}

/** A secret for the test provider's webhooks, shaped like Stripe's endpoint secrets. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

/**
 * Stripe's default tolerance, five minutes, against replays. A timestamp ahead of our clock
 * (Stripe's clock a little ahead of ours) is accepted within it, as the official library
 * accepts it (stripe-node bounds only the age); further ahead it is refused like one too old.
 */
export const SIGNATURE_TOLERANCE_S = 300;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`: Stripe's `Stripe-Signature` header. */
export function signPayload(payload: string, secret: string, atSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${atSeconds}.${payload}`, 'utf8').digest('hex');
  return `t=${atSeconds},v1=${v1}`;
}

/**
 * Checks a `Stripe-Signature` header: any of its v1 signatures may match (Stripe sends one
 * per active secret while a secret is rolled), compared in constant time, and the timestamp
 * must be within the tolerance of `nowSeconds`.
 */
export function verifySignature(options: {
  payload: string;
  header: string | undefined;
  secret: string;
  nowSeconds: number;
  toleranceSeconds?: number;
}): void {
  const refuse = (reason: string) => new PaymentProviderError('bad_signature', 'bad_signature', reason);
  if (!options.header) throw refuse('no signature header');
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of options.header.split(',')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (name === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) throw refuse('malformed signature header');
  if (Math.abs(options.nowSeconds - timestamp) > (options.toleranceSeconds ?? SIGNATURE_TOLERANCE_S)) {
    throw refuse('signature timestamp outside the tolerance');
  }
  const expected = createHmac('sha256', options.secret).update(`${timestamp}.${options.payload}`, 'utf8').digest();
  const matches = signatures.some((signature) => timingSafeEqual(Buffer.from(signature, 'hex'), expected));
  if (!matches) throw refuse('no signature matches');
}
