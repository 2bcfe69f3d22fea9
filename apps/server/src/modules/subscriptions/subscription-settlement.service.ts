import { SUBSCRIPTION_PAYMENT } from '@vitrina/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { subscriptionInvoices, subscriptionPayments, subscriptions } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import { notify } from '../notifications/index.js';
import { monthEnd } from './subscription-period.js';

/**
 * Sets a payment's status; a paid one extends its micromarkets' paid period to the end of its
 * month, an unpaid one is told to the organisation's `subscription_unpaid` routes (once per payment).
 */
export async function settlePayment(
  ctx: ServiceContext,
  paymentId: number,
  status: number,
  ledgerId: number | null = null,
) {
  const row = await writeSettlement(ctx, paymentId, status, ledgerId);
  if (row.status === SUBSCRIPTION_PAYMENT.notPaid) {
    const amount = `${(row.amountMinor / 100).toFixed(2)} ${row.currency}`;
    const month = row.periodMonth.slice(0, 7);
    await notify(ctx, {
      orgId: row.orgId,
      event: 'subscription_unpaid',
      key: `subscription-payment:${row.id}`,
      subject: `Subscription unpaid: ${month}`,
      text: `The subscription payment for ${month} (${amount}, ${row.micromarketIds.length} micromarket(s)) was not paid. Purchases at these micromarkets are refused once their paid period ends.`,
    }).catch(() => 0);
  }
  return row;
}

async function writeSettlement(ctx: ServiceContext, paymentId: number, status: number, ledgerId: number | null) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(subscriptionPayments)
      .set({
        status,
        paymentTransactionId: ledgerId ?? undefined,
        paidAt: status === SUBSCRIPTION_PAYMENT.paid ? ctx.clock.now() : null,
      })
      .where(eq(subscriptionPayments.id, paymentId))
      .returning();
    if (row && status === SUBSCRIPTION_PAYMENT.paid && row.micromarketIds.length > 0) {
      const until = monthEnd(row.periodMonth);
      await tx
        .update(subscriptions)
        .set({ paidUntil: sql`greatest(coalesce(${subscriptions.paidUntil}, ${until}), ${until})` })
        .where(inArray(subscriptions.micromarketId, row.micromarketIds));
    }
    return row!;
  });
}

/** Platform staff mark an invoice paid: its payments become paid and extend the paid period. */
export async function markInvoicePaid(ctx: ServiceContext, actor: Actor, invoiceId: number) {
  const [invoice] = await ctx.db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.id, invoiceId));
  if (!invoice) throw notFound();
  if (actor.kind !== 'anonymous') actor.scope.assertVisible(invoice.orgId);
  if (invoice.status === 'paid') return invoice;
  const now = ctx.clock.now();
  const payments = await ctx.db.transaction(async (tx) => {
    await tx
      .update(subscriptionInvoices)
      .set({ status: 'paid', paidAt: now })
      .where(eq(subscriptionInvoices.id, invoiceId));
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'subscription_invoice',
      entityId: invoiceId,
      orgId: invoice.orgId,
      before: { status: invoice.status },
      after: { status: 'paid' },
    });
    return tx
      .select({ id: subscriptionPayments.id })
      .from(subscriptionPayments)
      .where(eq(subscriptionPayments.invoiceId, invoiceId));
  });
  for (const p of payments) await settlePayment(ctx, p.id, SUBSCRIPTION_PAYMENT.paid);
  return { ...invoice, status: 'paid' as const, paidAt: now };
}
