import { SUBSCRIPTION_PAYMENT, SUBSCRIPTION_PAYMENT_KIND } from '@vitrina/contract';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { micromarkets, subscriptions } from '../../db/schema/index.js';
import type { ServiceContext } from '../../lib/context.js';
import { defineJob } from '../../lib/job-kind.js';
import type { PaymentProviders } from '../payments/index.js';
import { findOrganizationCard } from './subscription-card.service.js';
import { chargePayment } from './subscription-charge.service.js';
import { findPaymentByKey, openPayment } from './subscription-payments.js';
import { monthEnd, monthOf } from './subscription-period.js';
import { findOrganisationPricing, monthlyTotal } from './subscription-pricing.js';

export const BILLING_JOB = 'subscriptions.bill';
export const BILL_ORG_JOB = 'subscriptions.bill_org';
const DAY_MS = 24 * 3600_000;
/** The daily check: queues one keyed billing job per organisation and month. */
export const billingJob = defineJob({ kind: BILLING_JOB, everyMs: DAY_MS });
/** One organisation's month, retried by the runner until it settles. */
export const billOrgJob = defineJob({
  kind: BILL_ORG_JOB,
  payload: z.object({ orgId: z.number().int().positive(), month: z.string().regex(/^\d{4}-\d{2}-01$/) }),
  backoff: { baseMs: 60_000, maxMs: 6 * 3600_000 },
});

/** Active, auto-billed and not paid through the month that ends at `end`. */
const dueBy = (end: Date) =>
  and(
    eq(subscriptions.status, 'active'),
    eq(subscriptions.autoBilling, true),
    sql`(${subscriptions.paidUntil} is null or ${subscriptions.paidUntil} < ${end})`,
  );

/**
 * The monthly billing of one organisation for `month`: one payment per org+month (key
 * `sub:bill:<org>:<month>`) covering its active auto-billed subscriptions not yet paid for
 * that month. Card payers are charged (type 1; declined → 2 not paid), invoice payers get an
 * invoice (type 2). Running it again finds the same row.
 */
export async function billOrganisation(ctx: ServiceContext, providers: PaymentProviders, orgId: number, month: string) {
  const org = await findOrganisationPricing(ctx.db, orgId);
  const key = `sub:bill:${orgId}:${month}`;
  const existing = await findPaymentByKey(ctx.db, key);
  if (existing) {
    if (existing.type === SUBSCRIPTION_PAYMENT_KIND.card && existing.status === SUBSCRIPTION_PAYMENT.new)
      return chargePayment(ctx, providers, existing.id);
    return existing;
  }
  const due = await ctx.db
    .select({ id: micromarkets.id, price: micromarkets.subscriptionPriceMinor, method: subscriptions.method })
    .from(subscriptions)
    .innerJoin(micromarkets, eq(micromarkets.id, subscriptions.micromarketId))
    .where(and(eq(subscriptions.orgId, orgId), dueBy(monthEnd(month))));
  if (due.length === 0) return null;
  const card = await findOrganizationCard(ctx.db, orgId);
  const byCard = Boolean(card) && due.some((d) => d.method === 'card');
  const ids = due.map((d) => d.id).sort((a, b) => a - b);
  const amountMinor = monthlyTotal(due, org);
  const now = ctx.clock.now();
  const payment = await ctx.db.transaction(async (tx) => {
    const { row } = await openPayment(tx, {
      orgId,
      type: byCard ? SUBSCRIPTION_PAYMENT_KIND.card : SUBSCRIPTION_PAYMENT_KIND.invoice,
      month,
      amountMinor,
      currency: org.currency,
      ids,
      key,
      byInvoice: !byCard,
      now,
    });
    return row!;
  });
  return byCard ? chargePayment(ctx, providers, payment.id) : payment;
}

/** The daily check: queues one billing job per organisation with something to bill this month (keyed org+month). */
export async function queueMonthlyBilling(ctx: ServiceContext) {
  const month = monthOf(ctx.clock.now());
  const orgs = await ctx.db
    .selectDistinct({ orgId: subscriptions.orgId })
    .from(subscriptions)
    .where(dueBy(monthEnd(month)));
  for (const { orgId } of orgs) {
    await ctx.jobs.enqueue(billOrgJob, { orgId, month }, { key: `${BILL_ORG_JOB}:${orgId}:${month}` });
  }
  return orgs.length;
}
