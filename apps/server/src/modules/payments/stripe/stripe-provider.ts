import type Stripe from 'stripe';
import type { Clock } from '../../../lib/clock.js';
import type {
  CaptureRequest,
  ChargeRequest,
  FindByKeyRequest,
  HoldRequest,
  PaymentProvider,
  ProviderEvent,
  ProviderPayment,
  ProviderRefund,
  RefundRequest,
  ReleaseRequest,
  WebhookRequest,
} from '../provider.js';
import { noWebhookSecret, verifySignature } from '../webhooks/webhook-signature.js';
import { StripeCards } from './stripe-cards.js';
import { createStripeClient, providerErrorOf } from './stripe-client.js';
import { ledgerKeyOf, parseStripeEvent, paymentFromIntent, refundFromStripe } from './stripe-objects.js';

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
  /** Tests point this at a local stand-in (scheme, host and port: the SDK's host setting). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /**
   * This installation's prefix of every idempotency key and metadata key it sends
   * (lib/installation.ts), so two databases on one Stripe account never share a key.
   */
  keyPrefix?: string;
};

/**
 * Stripe through its official SDK, pinned to one API version (stripe-client.ts): form-encoded
 * bodies, the secret key as a bearer token, an Idempotency-Key on every POST, no retries of
 * the SDK's own (docs/decisions/105-the-stripe-sdk-pinned-to-one-api-version.md).
 * Holds are PaymentIntents with capture_method=manual, confirmed at once with the saved card.
 * Saving cards (Customers, SetupIntents, PaymentMethods) is in stripe-cards.ts.
 */
export class StripePaymentProvider extends StripeCards implements PaymentProvider {
  readonly kind = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeProviderOptions) {
    super();
    this.stripe = createStripeClient(options);
  }

  async testConnection(): Promise<void> {
    // The balance needs a working secret key and changes nothing.
    await this.send((stripe) => stripe.balance.retrieve());
  }

  async hold(request: HoldRequest): Promise<ProviderPayment> {
    const intent = await this.send((stripe) =>
      stripe.paymentIntents.create(
        {
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
          metadata: { idempotency_key: this.keyOf(request.idempotencyKey) },
        },
        this.keyed(request.idempotencyKey),
      ),
    );
    return paymentFromIntent(intent);
  }

  async capture(request: CaptureRequest): Promise<ProviderPayment> {
    const intent = await this.send((stripe) =>
      stripe.paymentIntents.capture(
        request.reference,
        { amount_to_capture: request.amountMinor },
        this.keyed(request.idempotencyKey),
      ),
    );
    return paymentFromIntent(intent);
  }

  async release(request: ReleaseRequest): Promise<ProviderPayment> {
    const intent = await this.send((stripe) =>
      stripe.paymentIntents.cancel(request.reference, {}, this.keyed(request.idempotencyKey)),
    );
    return paymentFromIntent(intent);
  }

  async chargeSavedCard(request: ChargeRequest): Promise<ProviderPayment> {
    const intent = await this.send((stripe) =>
      stripe.paymentIntents.create(
        {
          amount: request.amountMinor,
          currency: request.currency.toLowerCase(),
          customer: request.customer,
          payment_method: request.paymentMethod,
          confirm: true,
          off_session: true,
          description: request.description,
          metadata: { idempotency_key: this.keyOf(request.idempotencyKey) },
        },
        this.keyed(request.idempotencyKey),
      ),
    );
    return paymentFromIntent(intent);
  }

  async refund(request: RefundRequest): Promise<ProviderRefund> {
    const refund = await this.send((stripe) =>
      stripe.refunds.create(
        {
          payment_intent: request.reference,
          amount: request.amountMinor,
          metadata: { idempotency_key: this.keyOf(request.idempotencyKey) },
        },
        this.keyed(request.idempotencyKey),
      ),
    );
    return refundFromStripe(refund);
  }

  minimumChargeMinor(currency: string): number {
    // A currency not in the table: the dollar's 50 cents is the smallest of them.
    return STRIPE_MINIMUM_CHARGE_MINOR[currency.toUpperCase()] ?? 50;
  }

  async retrievePayment(reference: string): Promise<ProviderPayment> {
    return paymentFromIntent(await this.send((stripe) => stripe.paymentIntents.retrieve(reference)));
  }

  async retrieveRefund(reference: string): Promise<ProviderRefund> {
    return refundFromStripe(await this.send((stripe) => stripe.refunds.retrieve(reference)));
  }

  /**
   * Payments by the Search API (`metadata['idempotency_key']`), which lags behind writes by up
   * to a minute (an hour in an outage): the reconciliation asks only past the key's 24 hours.
   * Refunds by the list of the payment's refunds.
   */
  async findByKey(request: FindByKeyRequest): Promise<ProviderPayment | ProviderRefund | null> {
    const key = this.keyOf(request.idempotencyKey);
    if (request.operation === 'refund') {
      const { paymentReference } = request;
      const list = await this.send((stripe) => stripe.refunds.list({ payment_intent: paymentReference, limit: 100 }));
      const refund = list.data.find((candidate) => candidate.metadata?.idempotency_key === key);
      return refund ? refundFromStripe(refund) : null;
    }
    const query = `metadata['idempotency_key']:'${key.replace(/['\\]/g, '\\$&')}'`;
    const found = await this.send((stripe) => stripe.paymentIntents.search({ query }));
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

  protected async send<T>(call: (stripe: Stripe) => Promise<T>): Promise<T> {
    try {
      return await call(this.stripe);
    } catch (error) {
      throw providerErrorOf(error);
    }
  }

  protected keyed(idempotencyKey: string): Stripe.RequestOptions {
    return { idempotencyKey: this.keyOf(idempotencyKey) };
  }
}
