import type Stripe from 'stripe';
import type {
  CardSaving,
  CardSetupRequest,
  CreateCustomerRequest,
  ProviderCardSetup,
  ProviderCardSetupState,
} from '../card-provider.js';

/** Stripe's SetupIntent and PaymentMethod as the adapter reads them (the SDK's objects fit). */
type StripeSetupIntent = {
  id: string;
  client_secret: string | null;
  status: string;
  customer: string | { id: string } | null;
  payment_method: string | { id: string } | null;
  last_setup_error: { code?: string | undefined; message?: string | undefined } | null;
  metadata: Record<string, string> | null;
};
type StripePaymentMethod = {
  id: string;
  type: string;
  card?: { brand: string; last4: string; exp_month: number; exp_year: number } | null | undefined;
};

const idOf = (value: string | { id: string } | null): string | null =>
  value === null ? null : typeof value === 'string' ? value : value.id;

/**
 * Saving cards with Stripe (the parameters as Stripe's spec3 declares them): a Customer, a
 * SetupIntent for cards only with `usage=off_session` (the card is charged later without the
 * customer: subscriptions, a sale after the door closes), then reading the SetupIntent and its
 * PaymentMethod once Stripe.js confirmed it in the customer's browser. Cards only, not
 * `automatic_payment_methods`: a hold needs a card, and a bank debit cannot be held.
 * The Stripe adapter extends this with its SDK client.
 */
export abstract class StripeCards implements CardSaving {
  /** One call of the SDK's client, its failure read as a PaymentProviderError. */
  protected abstract send<T>(call: (stripe: Stripe) => Promise<T>): Promise<T>;
  /** A POST's request options: its Idempotency-Key as sent (with this installation's prefix). */
  protected abstract keyed(idempotencyKey: string): Stripe.RequestOptions;

  async accountId(): Promise<string> {
    const account = await this.send((stripe) => stripe.accounts.retrieve());
    return account.id;
  }

  async createCustomer(request: CreateCustomerRequest): Promise<{ customer: string }> {
    const customer = await this.send((stripe) =>
      stripe.customers.create(
        { description: request.description, metadata: { vitrina_owner: request.metadata.vitrina_owner } },
        this.keyed(request.idempotencyKey),
      ),
    );
    return { customer: customer.id };
  }

  async createCardSetup(request: CardSetupRequest): Promise<ProviderCardSetup> {
    const intent: StripeSetupIntent = await this.send((stripe) =>
      stripe.setupIntents.create(
        {
          customer: request.customer,
          usage: 'off_session',
          payment_method_types: ['card'],
          metadata: { vitrina_owner: request.metadata.vitrina_owner },
        },
        this.keyed(request.idempotencyKey),
      ),
    );
    return { reference: intent.id, clientSecret: intent.client_secret ?? '' };
  }

  async readCardSetup(reference: string): Promise<ProviderCardSetupState> {
    const intent: StripeSetupIntent = await this.send((stripe) => stripe.setupIntents.retrieve(reference));
    const status =
      intent.status === 'succeeded'
        ? 'succeeded'
        : intent.status === 'canceled' || intent.last_setup_error
          ? 'failed'
          : 'pending';
    const paymentMethod = idOf(intent.payment_method);
    let card: ProviderCardSetupState['card'] = null;
    if (status === 'succeeded' && paymentMethod) {
      const method: StripePaymentMethod = await this.send((stripe) => stripe.paymentMethods.retrieve(paymentMethod));
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
    await this.send((stripe) =>
      stripe.paymentMethods.detach(request.paymentMethod, {}, this.keyed(request.idempotencyKey)),
    );
  }
}
