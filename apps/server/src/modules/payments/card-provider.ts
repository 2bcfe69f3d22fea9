/**
 * Saving a card with a provider (DESIGN §5 "card tokens"): a customer object at the provider,
 * a SetupIntent (`usage=off_session`) the page confirms with the card (Stripe.js, or the test
 * provider's offline form), and the PaymentMethod it leaves, which later payments charge.
 * Every call that creates something carries an idempotency key, like the money calls.
 */
export type CardSaving = {
  /**
   * Which account of the provider the credentials act for (Stripe: `acct_…`). Cards are
   * kept with it: a card is only ever charged through the account that saved it.
   */
  accountId(): Promise<string>;
  /** The provider's customer that saved cards hang on (Stripe: POST /v1/customers). */
  createCustomer(request: CreateCustomerRequest): Promise<{ customer: string }>;
  /** A SetupIntent for one card: what the page needs to collect it (Stripe: POST /v1/setup_intents). */
  createCardSetup(request: CardSetupRequest): Promise<ProviderCardSetup>;
  /** The setup as the provider sees it now, with its card once confirmed. */
  readCardSetup(reference: string): Promise<ProviderCardSetupState>;
  /** Lets go of a saved card at the provider (Stripe: POST /v1/payment_methods/:id/detach). */
  detachCard(request: { idempotencyKey: string; paymentMethod: string }): Promise<void>;
};

/** Kept on the provider's objects, so a setup can be told apart from another owner's. */
export type CardMetadata = { vitrina_owner: string };

export type CreateCustomerRequest = { idempotencyKey: string; description: string; metadata: CardMetadata };

export type CardSetupRequest = {
  idempotencyKey: string;
  /** The customer the card is saved for; none for a guest's one-purchase card. */
  customer?: string | undefined;
  metadata: CardMetadata;
};

export type ProviderCardSetup = { reference: string; clientSecret: string };

/** The card a confirmed setup saved: no number, only what the provider tells of it. */
export type ProviderCard = {
  paymentMethod: string;
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
};

/**
 * succeeded: confirmed, its card is there; pending: the customer has not finished (or the bank
 * is still deciding); failed: the card was refused, a new setup is needed.
 */
export type ProviderCardSetupState = {
  reference: string;
  status: 'succeeded' | 'pending' | 'failed';
  customer: string | null;
  metadata: Record<string, string>;
  card: ProviderCard | null;
  /** Why the bank refused the card, in the provider's words, when it did. */
  failureReason: string | null;
};
