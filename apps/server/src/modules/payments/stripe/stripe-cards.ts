import type {
  CardSaving,
  CardSetupRequest,
  CreateCustomerRequest,
  ProviderCardSetup,
  ProviderCardSetupState,
} from '../card-provider.js';

type Form = Record<string, string | number | boolean | undefined>;

/** Stripe's SetupIntent and PaymentMethod as the adapter reads them. */
type StripeSetupIntent = {
  id: string;
  object: 'setup_intent';
  client_secret: string | null;
  status: string;
  customer: string | { id: string } | null;
  payment_method: string | { id: string } | null;
  last_setup_error: { code?: string; message?: string } | null;
  metadata: Record<string, string> | null;
};
type StripePaymentMethod = {
  id: string;
  object: 'payment_method';
  type: string;
  card?: { brand: string; last4: string; exp_month: number; exp_year: number } | null;
};

const idOf = (value: string | { id: string } | null): string | null =>
  value === null ? null : typeof value === 'string' ? value : value.id;

/**
 * Saving cards with Stripe (the parameters as Stripe's spec3 declares them): a Customer, a
 * SetupIntent for cards only with `usage=off_session` (the card is charged later without the
 * customer: subscriptions, a sale after the door closes), then reading the SetupIntent and its
 * PaymentMethod once Stripe.js confirmed it in the customer's browser. Cards only, not
 * `automatic_payment_methods`: a hold needs a card, and a bank debit cannot be held.
 * The Stripe adapter extends this with its HTTP client.
 */
export abstract class StripeCards implements CardSaving {
  protected abstract request<T>(method: 'GET' | 'POST', path: string, idempotencyKey?: string, form?: Form): Promise<T>;

  async accountId(): Promise<string> {
    const account = await this.request<{ id: string }>('GET', '/v1/account');
    return account.id;
  }

  async createCustomer(request: CreateCustomerRequest): Promise<{ customer: string }> {
    const customer = await this.request<{ id: string }>('POST', '/v1/customers', request.idempotencyKey, {
      description: request.description,
      'metadata[vitrina_owner]': request.metadata.vitrina_owner,
    });
    return { customer: customer.id };
  }

  async createCardSetup(request: CardSetupRequest): Promise<ProviderCardSetup> {
    const intent = await this.request<StripeSetupIntent>('POST', '/v1/setup_intents', request.idempotencyKey, {
      customer: request.customer,
      usage: 'off_session',
      'payment_method_types[0]': 'card',
      'metadata[vitrina_owner]': request.metadata.vitrina_owner,
    });
    return { reference: intent.id, clientSecret: intent.client_secret ?? '' };
  }

  async readCardSetup(reference: string): Promise<ProviderCardSetupState> {
    const intent = await this.request<StripeSetupIntent>('GET', `/v1/setup_intents/${encodeURIComponent(reference)}`);
    const status =
      intent.status === 'succeeded'
        ? 'succeeded'
        : intent.status === 'canceled' || intent.last_setup_error
          ? 'failed'
          : 'pending';
    const paymentMethod = idOf(intent.payment_method);
    let card: ProviderCardSetupState['card'] = null;
    if (status === 'succeeded' && paymentMethod) {
      const method = await this.request<StripePaymentMethod>(
        'GET',
        `/v1/payment_methods/${encodeURIComponent(paymentMethod)}`,
      );
      card = {
        paymentMethod: method.id,
        brand: method.card?.brand ?? method.type,
        last4: method.card?.last4 ?? '',
        expMonth: method.card?.exp_month ?? null,
        expYear: method.card?.exp_year ?? null,
      };
    }
    return {
      reference: intent.id,
      status,
      customer: idOf(intent.customer),
      metadata: intent.metadata ?? {},
      card,
      failureReason: intent.last_setup_error?.message ?? intent.last_setup_error?.code ?? null,
    };
  }

  async detachCard(request: { idempotencyKey: string; paymentMethod: string }): Promise<void> {
    const path = `/v1/payment_methods/${encodeURIComponent(request.paymentMethod)}/detach`;
    await this.request<StripePaymentMethod>('POST', path, request.idempotencyKey, {});
  }
}
