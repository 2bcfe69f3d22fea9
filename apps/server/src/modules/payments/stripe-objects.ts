import type { ProviderEvent, ProviderPayment, ProviderPaymentStatus, ProviderRefund } from './provider.js';

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
};
export type StripeRefund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: string;
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
  return {
    reference: intent.id,
    status: paymentStatusOf(intent.status),
    amountMinor: intent.amount,
    capturedMinor: intent.amount_received,
    currency: intent.currency.toUpperCase(),
  };
}

export function refundFromStripe(refund: StripeRefund): ProviderRefund {
  const status = refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' ? 'failed' : 'pending';
  return {
    reference: refund.id,
    paymentReference: refund.payment_intent,
    status,
    amountMinor: refund.amount,
    currency: refund.currency.toUpperCase(),
  };
}

/** Reads a verified event body; what the ledger does not use is stored raw and otherwise ignored. */
export function parseStripeEvent(rawBody: string): ProviderEvent {
  const event = JSON.parse(rawBody) as { id?: unknown; type?: unknown; data?: { object?: Record<string, unknown> } };
  if (typeof event.id !== 'string' || typeof event.type !== 'string') throw new Error('not an event');
  const object = event.data?.object ?? {};
  if (object.object === 'payment_intent' && typeof object.id === 'string' && typeof object.status === 'string') {
    return {
      id: event.id,
      type: event.type,
      paymentReference: object.id,
      paymentStatus: paymentStatusOf(object.status),
    };
  }
  const paymentIntent = typeof object.payment_intent === 'string' ? object.payment_intent : null;
  return { id: event.id, type: event.type, paymentReference: paymentIntent, paymentStatus: null };
}
