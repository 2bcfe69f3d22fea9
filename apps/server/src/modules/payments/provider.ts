import type { PaymentProviderKind } from '@vitrina/contract';
import type { CardSaving } from './card-provider.js';

/**
 * What every payment provider does (DESIGN §5). Amounts are integer minor units with an ISO
 * currency code. Every call that can move money carries an idempotency key: the provider
 * answers a repeated key with the first call's result, so a retry never charges twice.
 * Saving cards is in card-provider.ts.
 */
export type PaymentProvider = CardSaving & {
  readonly kind: PaymentProviderKind;
  /** Resolves when the credentials work; throws PaymentProviderError otherwise. */
  testConnection(): Promise<void>;
  /** Reserves an amount on the customer's card (Stripe: a PaymentIntent with manual capture). */
  hold(request: HoldRequest): Promise<ProviderPayment>;
  /** Takes all or part of a hold; the rest goes back to the customer. */
  capture(request: CaptureRequest): Promise<ProviderPayment>;
  /** Lets a hold go without taking anything. */
  release(request: ReleaseRequest): Promise<ProviderPayment>;
  /** Charges a saved card at once, the customer absent (subscriptions, charge again). */
  chargeSavedCard(request: ChargeRequest): Promise<ProviderPayment>;
  /** Gives back all (no amount) or part of a captured payment. */
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /** Checks the signature against the webhook secret and reads the event; throws `bad_signature`. */
  parseWebhook(request: WebhookRequest): ProviderEvent;
  /**
   * The smallest amount one charge or capture may take in the currency (minor units): the
   * provider refuses less (Stripe: `amount_too_small`), so the settlement never asks for it.
   */
  minimumChargeMinor(currency: string): number;
  /** The payment as the provider sees it now (Stripe: GET /v1/payment_intents/:id); changes nothing. */
  retrievePayment(reference: string): Promise<ProviderPayment>;
  /** The refund as the provider sees it now (Stripe: GET /v1/refunds/:id); changes nothing. */
  retrieveRefund(reference: string): Promise<ProviderRefund>;
  /**
   * What a request made under this key did, found by the key it carries in its metadata, for a
   * lost answer that asking again can no longer replay (the provider forgot the key); null when
   * the request made nothing. Stripe: the Search API for payments, a payment's refunds for refunds.
   */
  findByKey(request: FindByKeyRequest): Promise<ProviderPayment | ProviderRefund | null>;
};

export type FindByKeyRequest = Keyed &
  ({ operation: 'hold' | 'charge' } | { operation: 'refund'; paymentReference: string });

export type Money = { amountMinor: number; currency: string };
type Keyed = { idempotencyKey: string };

export type HoldRequest = Keyed &
  Money & {
    /** The provider's saved card (Stripe: pm_…) and its customer (cus_…), when the customer has one. */
    paymentMethod?: string | undefined;
    customer?: string | undefined;
    description?: string | undefined;
    /**
     * The buyer is present (a web purchase): where their bank's authentication (3-D Secure)
     * sends them back. Without it the card is used off-session, the customer absent.
     */
    returnUrl?: string | undefined;
  };
export type CaptureRequest = Keyed & { reference: string; amountMinor?: number | undefined };
export type ReleaseRequest = Keyed & { reference: string };
export type ChargeRequest = Keyed &
  Money & { paymentMethod: string; customer: string; description?: string | undefined };
export type RefundRequest = Keyed & { reference: string; amountMinor?: number | undefined };
export type WebhookRequest = { rawBody: string; signature: string | undefined };

/** held: reserved; captured: money taken; released: hold let go; pending: the provider has not decided yet. */
export type ProviderPaymentStatus = 'held' | 'captured' | 'released' | 'pending' | 'failed';

export type ProviderPayment = Money & {
  reference: string;
  status: ProviderPaymentStatus;
  /** What was actually taken so far. */
  capturedMinor: number;
  /** Pending on the buyer: their bank's page to authenticate at (3-D Secure), then back to the return URL. */
  redirectUrl?: string | null;
};

export type ProviderRefund = Money & {
  /** The refund's own id (Stripe: re_…). */
  reference: string;
  paymentReference: string;
  /** pending: the bank has not confirmed it yet (a webhook or the reconciliation settles it later). */
  status: 'succeeded' | 'pending' | 'failed';
  /** Why a refund failed (Stripe's failure_reason), when it did. */
  failureReason?: string | null;
};

/** A verified event, reduced to what the ledger needs; the raw body is stored beside it. */
export type ProviderEvent = {
  id: string;
  type: string;
  /** The payment it is about (Stripe: the PaymentIntent), when it is about one. */
  paymentReference: string | null;
  /** What the payment is now, by this event; null when the event says nothing the ledger uses. */
  paymentStatus: ProviderPaymentStatus | null;
  /**
   * The idempotency key of the request that made the object (kept in its metadata, without
   * this installation's prefix), so an event settles a row whose answer was lost; null when the
   * object carries none, or another installation's.
   */
  idempotencyKey?: string | null;
  /** A refund the event tells of (Stripe: refund.updated, charge.refund.updated), as it is now. */
  refund?: ProviderRefund | null;
};

/**
 * declined: the card or bank said no (final); unavailable: no answer (time-out, network,
 * provider 5xx), so the outcome is unknown and the operation stays in process;
 * credentials: the provider refused our keys; refused: any other refusal of the request;
 * bad_signature: a webhook that is not the provider's.
 */
export type ProviderErrorKind = 'declined' | 'unavailable' | 'credentials' | 'refused' | 'bad_signature';

/** Whose account sent an event: an organisation's, or the platform's own (subscription fees). */
export type WebhookSource = { kind: 'org'; orgId: number } | { kind: 'platform' };

export class PaymentProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    /** The provider's code (card_declined, insufficient_funds, …) or ours. */
    readonly code: string,
    /** The provider's own words, for the operator. */
    readonly reason: string,
    /** The request parameter the provider names as the cause (Stripe's `param`: `customer`, `amount`). */
    readonly param: string | null = null,
  ) {
    super(`${kind}: ${code}: ${reason}`);
  }

  /** The outcome is unknown: the provider may have done it. */
  get isOutcomeUnknown(): boolean {
    return this.kind === 'unavailable';
  }
}
