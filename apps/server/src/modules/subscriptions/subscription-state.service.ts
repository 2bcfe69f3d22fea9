import { SUBSCRIPTION_PAYMENT, SUBSCRIPTION_PAYMENT_KIND } from '@vitrina/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { micromarkets, subscriptions } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import type { PaymentProviders } from '../payments/index.js';
import { findOrganizationCard, isChargeable } from './subscription-card.service.js';
import { chargePayment } from './subscription-charge.service.js';
import { findPaymentByKey, openPayment } from './subscription-payments.js';
import { monthOf } from './subscription-period.js';
import { findOrganisationPricing, monthlyTotal } from './subscription-pricing.js';

export type SubscribeInput = { micromarket_ids: number[]; method: 'card' | 'invoice' };

/**
 * Subscribes micromarkets: the first payment (type 0) covers the current month; by card it is
 * charged at once (key `sub:first:<org>:<month>:<ids>`), by invoice a numbered invoice waits.
 */
export async function subscribe(
  ctx: ServiceContext,
  providers: PaymentProviders,
  actor: Actor,
  orgId: number,
  input: SubscribeInput,
) {
  if (actor.kind !== 'anonymous') actor.scope.assertEditable(orgId);
  const ids = [...new Set(input.micromarket_ids)].sort((a, b) => a - b);
  if (ids.length === 0) throw badRequest('validation.required', { micromarket_ids: 'validation.required' });
  const org = await findOrganisationPricing(ctx.db, orgId);
  const mms = await ctx.db
    .select({ id: micromarkets.id, price: micromarkets.subscriptionPriceMinor })
    .from(micromarkets)
    .where(and(eq(micromarkets.orgId, orgId), inArray(micromarkets.id, ids)));
  if (mms.length !== ids.length) throw notFound();
  const card = input.method === 'card' ? await findOrganizationCard(ctx.db, orgId) : null;
  if (input.method === 'card' && !card) throw conflict('subscription.no_card');
  // Saved with a platform payment system no longer in use: added again before any charge.
  if (input.method === 'card' && card && !(await isChargeable(ctx.db, card))) throw conflict('card.other_provider');
  const now = ctx.clock.now();
  const month = monthOf(now);
  const amountMinor = monthlyTotal(mms, org);
  const key = `sub:first:${orgId}:${month}:${ids.join(',')}`;
  const payment = await ctx.db.transaction(async (tx) => {
    for (const id of ids) {
      await tx
        .insert(subscriptions)
        .values({ orgId, micromarketId: id, method: input.method, status: 'active', autoBilling: true })
        .onConflictDoUpdate({
          target: subscriptions.micromarketId,
          set: { method: input.method, status: 'active', autoBilling: true, updatedAt: now },
        });
    }
    const { row, invoice } = await openPayment(tx, {
      orgId,
      type: SUBSCRIPTION_PAYMENT_KIND.firstPayment,
      month,
      amountMinor,
      currency: org.currency,
      ids,
      key,
      byInvoice: input.method === 'invoice',
      now,
    });
    await writeAudit(tx, actor, {
      action: 'create',
      entity: 'subscription',
      entityId: ids.join(','),
      orgId,
      after: { method: input.method, micromarket_ids: ids, amount_minor: amountMinor, invoice: invoice?.number },
    });
    return row ?? (await findPaymentByKey(tx, key))!;
  });
  if (card && payment.status === SUBSCRIPTION_PAYMENT.new) return chargePayment(ctx, providers, payment.id);
  return payment;
}

async function ownSubscription(ctx: ServiceContext, actor: Actor, micromarketId: number) {
  const [row] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.micromarketId, micromarketId));
  if (!row) throw notFound();
  if (actor.kind !== 'anonymous') actor.scope.assertEditable(row.orgId);
  return row;
}

/** pause / continue / cancel auto billing of one micromarket's subscription. */
export async function changeSubscription(
  ctx: ServiceContext,
  actor: Actor,
  micromarketId: number,
  action: 'pause' | 'continue' | 'cancel_auto_billing',
) {
  const before = await ownSubscription(ctx, actor, micromarketId);
  const set =
    action === 'pause'
      ? { status: 'paused' as const }
      : action === 'continue'
        ? { status: 'active' as const }
        : { autoBilling: false };
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(subscriptions)
      .set({ ...set, updatedAt: ctx.clock.now() })
      .where(eq(subscriptions.id, before.id))
      .returning();
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'subscription',
      entityId: micromarketId,
      orgId: before.orgId,
      before: { status: before.status, auto_billing: before.autoBilling },
      after: { status: row!.status, auto_billing: row!.autoBilling },
    });
    return row!;
  });
}
