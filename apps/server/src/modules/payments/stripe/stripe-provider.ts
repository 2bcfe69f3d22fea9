import type { Clock } from '../../../lib/clock.js';
import {
  type CaptureRequest,
  type ChargeRequest,
  type FindByKeyRequest,
  type HoldRequest,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderErrorKind,
  type ProviderEvent,
  type ProviderPayment,
  type ProviderRefund,
  type RefundRequest,
  type ReleaseRequest,
  type WebhookRequest,
} from '../provider.js';
import { noWebhookSecret, verifySignature } from '../webhooks/webhook-signature.js';
import { StripeCards } from './stripe-cards.js';
import {
  ledgerKeyOf,
  parseStripeEvent,
  paymentFromIntent,
  refundFromStripe,
  type StripePaymentIntent,
  type StripeRefund,
} from './stripe-objects.js';

export const STRIPE_API_BASE = 'https://api.stripe.com';
/** Pinned so a change of the account's default API version cannot change the answers we read. */
export const STRIPE_API_VERSION = '2024-06-20';
/** Spec §7's request timeout; past it the outcome is unknown and the row waits for reconciliation. */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Stripe's minimum charge amounts (docs.stripe.com/currencies#minimum-and-maximum-charge-amounts),
 * in minor units; captures are held to them too. Stripe has no hryvnia accounts: a charge in UAH
 * must convert to the settlement currency's minimum ($0.50 / €0.50, about ₴21–24), so we ask
 * for ₴25.00, a margin for the exchange rate (docs/decisions/064-stripe-money-flows.md, "Amounts below the minimum").
 */
export const STRIPE_MINIMUM_CHARGE_MINOR: Readonly<Record<string, number>> = { EUR: 50, PLN: 200, UAH: 2_500 };

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string | null;
  clock: Clock;
  /** Tests point this at a local stand-in. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /**
   * This installation's prefix of every idempotency key and metadata key it sends
   * (lib/installation.ts), so two databases on one Stripe account never share a key.
   */
  keyPrefix?: string;
};

type Form = Record<string, string | number | boolean | undefined>;

/**
 * Stripe over its REST API with plain fetch (docs/decisions/027-payments-foundation.md says why not the SDK):
 * form-encoded bodies, the secret key as a bearer token, an Idempotency-Key on every POST.
 * Holds are PaymentIntents with capture_method=manual, confirmed at once with the saved card.
 * Saving cards (Customers, SetupIntents, PaymentMethods) is in stripe-cards.ts.
 */
export class StripePaymentProvider extends StripeCards implements PaymentProvider {
  readonly kind = 'stripe' as const;
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: StripeProviderOptions) {
    super();
    this.baseUrl = options.baseUrl ?? STRIPE_API_BASE;
    this.fetch = options.fetch ?? fetch;
  }

  async testConnection(): Promise<void> {
    // The balance needs a working secret key and changes nothing.
    await this.request('GET', '/v1/balance');
  }

  async hold(request: HoldRequest): Promise<ProviderPayment> {
    const intent = await this.request<StripePaymentIntent>('POST', '/v1/payment_intents', request.idempotencyKey, {
      amount: request.amountMinor,
      currency: request.currency.toLowerCase(),
      capture_method: 'manual',
      confirm: request.paymentMethod ? true : undefined,
      payment_method: request.paymentMethod,
      customer: request.customer,
      // The buyer at the page authenticates with their bank if it asks (3-D Secure) and comes back.
      off_session: request.paymentMethod && request.customer && !request.returnUrl ? true : undefined,
      return_url: request.paymentMethod ? request.returnUrl : undefined,
      description: request.description,
      'metadata[idempotency_key]': this.keyOf(request.idempotencyKey),
    });
    return paymentFromIntent(intent);
  }

  async capture(request: CaptureRequest): Promise<ProviderPayment> {
    const path = `/v1/payment_intents/${encodeURIComponent(request.reference)}/capture`;
    const intent = await this.request<StripePaymentIntent>('POST', path, request.idempotencyKey, {
      amount_to_capture: request.amountMinor,
    });
    return paymentFromIntent(intent);
  }

  async release(request: ReleaseRequest): Promise<ProviderPayment> {
    const path = `/v1/payment_intents/${encodeURIComponent(request.reference)}/cancel`;
    const intent = await this.request<StripePaymentIntent>('POST', path, request.idempotencyKey, {});
    return paymentFromIntent(intent);
  }

  async chargeSavedCard(request: ChargeRequest): Promise<ProviderPayment> {
    const intent = await this.request<StripePaymentIntent>('POST', '/v1/payment_intents', request.idempotencyKey, {
      amount: request.amountMinor,
      currency: request.currency.toLowerCase(),
      customer: request.customer,
      payment_method: request.paymentMethod,
      confirm: true,
      off_session: true,
      description: request.description,
      'metadata[idempotency_key]': this.keyOf(request.idempotencyKey),
    });
    return paymentFromIntent(intent);
  }

  async refund(request: RefundRequest): Promise<ProviderRefund> {
    const refund = await this.request<StripeRefund>('POST', '/v1/refunds', request.idempotencyKey, {
      payment_intent: request.reference,
      amount: request.amountMinor,
      'metadata[idempotency_key]': this.keyOf(request.idempotencyKey),
    });
    return refundFromStripe(refund);
  }

  minimumChargeMinor(currency: string): number {
    // A currency not in the table: the dollar's 50 cents is the smallest of them.
    return STRIPE_MINIMUM_CHARGE_MINOR[currency.toUpperCase()] ?? 50;
  }

  async retrievePayment(reference: string): Promise<ProviderPayment> {
    const path = `/v1/payment_intents/${encodeURIComponent(reference)}`;
    return paymentFromIntent(await this.request<StripePaymentIntent>('GET', path));
  }

  async retrieveRefund(reference: string): Promise<ProviderRefund> {
    return refundFromStripe(await this.request<StripeRefund>('GET', `/v1/refunds/${encodeURIComponent(reference)}`));
  }

  /**
   * Payments by the Search API (`metadata['idempotency_key']`), which lags behind writes by up
   * to a minute (an hour in an outage): the reconciliation asks only past the key's 24 hours.
   * Refunds by the list of the payment's refunds.
   */
  async findByKey(request: FindByKeyRequest): Promise<ProviderPayment | ProviderRefund | null> {
    const key = this.keyOf(request.idempotencyKey);
    if (request.operation === 'refund') {
      const query = encodeForm({ payment_intent: request.paymentReference, limit: 100 });
      const list = await this.request<{ data: StripeRefund[] }>('GET', `/v1/refunds?${query}`);
      const refund = list.data.find((candidate) => candidate.metadata?.idempotency_key === key);
      return refund ? refundFromStripe(refund) : null;
    }
    const query = encodeForm({ query: `metadata['idempotency_key']:'${key.replace(/['\\]/g, '\\$&')}'` });
    const found = await this.request<{ data: StripePaymentIntent[] }>('GET', `/v1/payment_intents/search?${query}`);
    const intent = found.data.find((candidate) => ledgerKeyOf(candidate.metadata, this.keyPrefix) !== null);
    return intent ? paymentFromIntent(intent) : null;
  }

  /** The key as sent: with this installation's prefix. */
  private keyOf(idempotencyKey: string): string {
    return this.keyPrefix ? `${this.keyPrefix}:${idempotencyKey}` : idempotencyKey;
  }

  private get keyPrefix(): string {
    return this.options.keyPrefix ?? '';
  }

  parseWebhook(request: WebhookRequest): ProviderEvent {
    if (!this.options.webhookSecret) {
      throw noWebhookSecret();
    }
    verifySignature({
      payload: request.rawBody,
      header: request.signature,
      secret: this.options.webhookSecret,
      nowSeconds: Math.floor(this.options.clock.nowMs() / 1000),
    });
    return parseStripeEvent(request.rawBody, this.keyPrefix);
  }

  protected async request<T>(method: 'GET' | 'POST', path: string, idempotencyKey?: string, form?: Form): Promise<T> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.secretKey}`,
      'stripe-version': STRIPE_API_VERSION,
    };
    let body: string | undefined;
    if (method === 'POST') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      if (idempotencyKey) headers['idempotency-key'] = this.keyOf(idempotencyKey);
      body = encodeForm(form ?? {});
    }
    let response: Response;
    try {
      response = await this.fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body } : {}),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PaymentProviderError('unavailable', 'network', error instanceof Error ? error.message : String(error));
    }
    const text = await response.text().catch(() => '');
    if (response.ok) return JSON.parse(text) as T;
    throw errorFromResponse(response.status, text);
  }
}

/** `application/x-www-form-urlencoded` as Stripe reads it; undefined values are left out. */
export function encodeForm(form: Form): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) {
    if (value !== undefined) params.append(name, String(value));
  }
  return params.toString();
}

/**
 * Stripe's statuses (docs: API errors): 402 the card or bank refused; 401/403 our key;
 * 409 a concurrent request with the same idempotency key, 429 and 5xx: not done or unknown,
 * so the operation may be asked again with the same key; other 4xx: a refused request.
 */
function errorFromResponse(status: number, text: string): PaymentProviderError {
  let error: { type?: string; code?: string; decline_code?: string; message?: string; param?: string } = {};
  try {
    error = (JSON.parse(text) as { error?: typeof error }).error ?? {};
  } catch {
    // A proxy's HTML error page: the status says enough.
  }
  let kind: ProviderErrorKind = 'refused';
  if (status === 402 || error.type === 'card_error') kind = 'declined';
  else if (status === 401 || status === 403) kind = 'credentials';
  else if (status === 409 || status === 429 || status >= 500) kind = 'unavailable';
  const code = error.decline_code ?? error.code ?? error.type ?? `http_${status}`;
  return new PaymentProviderError(kind, code, error.message ?? `Stripe answered ${status}`, error.param ?? null);
}
