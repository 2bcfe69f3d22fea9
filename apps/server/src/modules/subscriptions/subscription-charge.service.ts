import { PAYMENT_STATUS, SUBSCRIPTION_PAYMENT } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { subscriptionPayments } from '../../db/schema/index.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { type PaymentProviders, performPayment } from '../payments/index.js';
import { findOrganizationCard } from './subscription-card.service.js';
import { settlePayment } from './subscription-settlement.service.js';

/** Charges a card payment row once (its key is the ledger's idempotency key) and settles it. */
export async function chargePayment(ctx: ServiceContext, providers: PaymentProviders, paymentId: number) {
  const [payment] = await ctx.db.select().from(subscriptionPayments).where(eq(subscriptionPayments.id, paymentId));
  if (!payment) throw notFound();
  if (payment.status !== SUBSCRIPTION_PAYMENT.new) return payment;
  const card = await findOrganizationCard(ctx.db, payment.orgId);
  if (!card) return settlePayment(ctx, payment.id, SUBSCRIPTION_PAYMENT.notPaid);
  if (payment.amountMinor === 0) return settlePayment(ctx, payment.id, SUBSCRIPTION_PAYMENT.paid);
  let row: Awaited<ReturnType<typeof performPayment>>;
  try {
    // The platform's income: charged through the platform's payment system, with the card it saved.
    row = await performPayment(ctx, providers, {
      orgId: payment.orgId,
      idempotencyKey: payment.key,
      throughPlatform: true,
      card: { provider: card.provider, providerAccount: card.providerAccount },
      request: {
        operation: 'charge',
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        paymentMethod: card.paymentMethodId,
        customer: card.customerId,
      },
    });
  } catch (error) {
    // The platform's payment system refused the request (none set up, the card saved with another): not paid.
    if (!(error instanceof AppError)) throw error;
    return settlePayment(ctx, payment.id, SUBSCRIPTION_PAYMENT.notPaid);
  }
  // Still in process at the provider: left new; the job's retry asks again under the same key.
  if (row.status === PAYMENT_STATUS.inProcess) throw new Error(`subscription payment ${payment.id} still in process`);
  return settlePayment(
    ctx,
    payment.id,
    row.status === PAYMENT_STATUS.success ? SUBSCRIPTION_PAYMENT.paid : SUBSCRIPTION_PAYMENT.notPaid,
    row.id,
  );
}
