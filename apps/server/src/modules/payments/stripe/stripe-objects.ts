import type { ProviderEvent, ProviderPayment, ProviderPaymentStatus, ProviderRefund } from '../provider.js';

/**
 * Stripe's objects as the adapter reads them, and the same shapes the test provider sends in
 * its webhooks, so one parser serves both. Amounts are Stripe's: the smallest currency unit.
 */
export type StripePaymentIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  status: string;
  metadata?: Record<string, string>;
  next_action?: { type: string; redirect_to_url?: { url: string | null; return_url?: string | null } } | null;
};
export type StripeRefund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: string;
  failure_reason?: string | null;
  metadata?: Record<string, string>;
};

/** Stripe's PaymentIntent statuses as the ledger understands them. */
export function paymentStatusOf(stripeStatus: string): ProviderPaymentStatus {
  switch (stripeStatus) {
    case 'requires_capture':
      return 'held';
    case 'succeeded':
      return 'captured';
    case 'canceled':
      return 'released';
    case 'requires_payment_method':
      return 'failed';
    default:
      // processing, requires_action, requires_confirmation: not decided yet.
      return 'pending';
  }
}

export function paymentFromIntent(intent: StripePaymentIntent): ProviderPayment {
  const redirectUrl = intent.status === 'requires_action' ? (intent.next_action?.redirect_to_url?.url ?? null) : null;
  return {
    reference: intent.id,
    status: paymentStatusOf(intent.status),
    amountMinor: intent.amount,
    capturedMinor: intent.amount_received,
    currency: intent.currency.toUpperCase(),
    ...(redirectUrl ? { redirectUrl } : {}),
  };
}

/** A refund as Stripe answers it: the SDK's object (its PaymentIntent an id unless expanded), or the test bank's. */
type RefundAnswer = Omit<StripeRefund, 'payment_intent' | 'status' | 'metadata'> & {
  payment_intent: string | { id: string } | null;
  status: string | null;
};

/** Stripe's refund statuses: pending and requires_action wait for the bank; failed and canceled gave nothing back. */
export function refundFromStripe(refund: RefundAnswer): ProviderRefund {
  const isFailed = refund.status === 'failed' || refund.status === 'canceled';
  const status = refund.status === 'succeeded' ? 'succeeded' : isFailed ? 'failed' : 'pending';
  const payment = refund.payment_intent;
  return {
    reference: refund.id,
    paymentReference: typeof payment === 'string' ? payment : (payment?.id ?? ''),
    status,
    amountMinor: refund.amount,
    currency: refund.currency.toUpperCase(),
    ...(isFailed ? { failureReason: refund.failure_reason ?? refund.status } : {}),
  };
}

/**
 * The ledger's key of an object, from the `idempotency_key` in its metadata: this
 * installation's prefix taken off (`<prefix>:sale:12:capture` → `sale:12:capture`); null when
 * there is none, or it is another installation's sharing the provider account.
 */
export function ledgerKeyOf(metadata: unknown, keyPrefix: string): string | null {
  const key = (metadata as { idempotency_key?: unknown } | null | undefined)?.idempotency_key;
  if (typeof key !== 'string') return null;
  if (!keyPrefix) return key;
  return key.startsWith(`${keyPrefix}:`) ? key.slice(keyPrefix.length + 1) : null;
}

/**
 * Reads a verified event body; what the ledger does not use is stored raw and otherwise ignored.
 * `keyPrefix`: this installation's prefix of idempotency keys (none for the test provider).
 */
export function parseStripeEvent(rawBody: string, keyPrefix = ''): ProviderEvent {
  const event = JSON.parse(rawBody) as { id?: unknown; type?: unknown; data?: { object?: Record<string, unknown> } };
  if (typeof event.id !== 'string' || typeof event.type !== 'string') throw new Error('not an event');
  const object = event.data?.object ?? {};
  const idempotencyKey = ledgerKeyOf(object.metadata, keyPrefix);
  if (object.object === 'payment_intent' && typeof object.id === 'string' && typeof object.status === 'string') {
    return {
      id: event.id,
      type: event.type,
      paymentReference: object.id,
      paymentStatus: paymentStatusOf(object.status),
      ...(idempotencyKey ? { idempotencyKey } : {}),
    };
  }
  const paymentIntent = typeof object.payment_intent === 'string' ? object.payment_intent : null;
  const isRefund =
    object.object === 'refund' && typeof object.id === 'string' && typeof object.status === 'string' && paymentIntent;
  return {
    id: event.id,
    type: event.type,
    paymentReference: paymentIntent,
    paymentStatus: null,
    ...(idempotencyKey ? { idempotencyKey } : {}),
    ...(isRefund ? { refund: refundFromStripe(object as unknown as StripeRefund) } : {}),
  };
}
