import { PAYMENT_STATUS, SUBSCRIPTION_PAYMENT, SUBSCRIPTION_PAYMENT_KIND } from '@vitrina/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  micromarkets,
  organizationCards,
  organizations,
  subscriptionInvoices,
  subscriptionPayments,
  subscriptions,
} from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import { notify } from '../notifications/index.js';
import { type PaymentProviders, performPayment } from '../payments/index.js';
import { isChargeable } from './subscription-card.service.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** First day of the month of `d` (UTC), as `YYYY-MM-01`. */
export function monthOf(d: Date): string {
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-01`;
}
/** The first instant of the month after `month` (`YYYY-MM-01`). */
export function monthEnd(month: string): Date {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1));
}

async function organisation(db: Db | Tx, orgId: number) {
  const [org] = await db
    .select({ id: organizations.id, currency: organizations.currency, price: organizations.subscriptionPriceMinor })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  if (!org) throw notFound();
  return org;
}

/** The organisation's micromarkets with their subscription and effective monthly price. */
export async function listDevices(ctx: ServiceContext, actor: Actor, orgId: number) {
  if (actor.kind !== 'anonymous') actor.scope.assertVisible(orgId);
  const org = await organisation(ctx.db, orgId);
  const rows = await ctx.db
    .select({
      id: micromarkets.id,
      name: micromarkets.name,
      price: micromarkets.subscriptionPriceMinor,
      status: subscriptions.status,
      method: subscriptions.method,
      autoBilling: subscriptions.autoBilling,
      paidUntil: subscriptions.paidUntil,
    })
    .from(micromarkets)
    .leftJoin(subscriptions, eq(subscriptions.micromarketId, micromarkets.id))
    .where(eq(micromarkets.orgId, orgId))
    .orderBy(micromarkets.id);
  return rows.map((r) => ({
    micromarket_id: r.id,
    name: r.name,
    price_minor: r.price ?? org.price,
    currency: org.currency,
    status: r.status ?? null,
    method: r.method ?? null,
    auto_billing: r.autoBilling ?? false,
    paid_until: r.paidUntil?.toISOString() ?? null,
  }));
}

async function nextInvoice(tx: Tx, orgId: number, amountMinor: number, currency: string, now: Date) {
  const year = now.getUTCFullYear();
  // One writer at a time per organisation-year: the unique index is the backstop.
  await tx.execute(sql`select pg_advisory_xact_lock(${orgId}, ${year})`);
  const [last] = await tx
    .select({ seq: sql<number>`coalesce(max(${subscriptionInvoices.seq}), 0)` })
    .from(subscriptionInvoices)
    .where(and(eq(subscriptionInvoices.orgId, orgId), eq(subscriptionInvoices.year, year)));
  const seq = Number(last?.seq ?? 0) + 1;
  const [invoice] = await tx
    .insert(subscriptionInvoices)
    .values({
      orgId,
      year,
      seq,
      number: `INV-${year}-${String(seq).padStart(6, '0')}`,
      amountMinor,
      currency,
      issuedAt: now,
    })
    .returning();
  return invoice!;
}

type NewPayment = {
  orgId: number;
  type: number;
  month: string;
  amountMinor: number;
  currency: string;
  ids: number[];
  invoiceId: number | null;
  key: string;
};

/** A new (status 0) payment; undefined when its key is taken already. */
async function insertPayment(tx: Tx, p: NewPayment) {
  const [row] = await tx
    .insert(subscriptionPayments)
    .values({
      orgId: p.orgId,
      type: p.type,
      status: SUBSCRIPTION_PAYMENT.new,
      periodMonth: p.month,
      amountMinor: p.amountMinor,
      currency: p.currency,
      micromarketIds: p.ids,
      invoiceId: p.invoiceId,
      key: p.key,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

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
  const org = await organisation(ctx.db, orgId);
  const mms = await ctx.db
    .select({ id: micromarkets.id, price: micromarkets.subscriptionPriceMinor })
    .from(micromarkets)
    .where(and(eq(micromarkets.orgId, orgId), inArray(micromarkets.id, ids)));
  if (mms.length !== ids.length) throw notFound();
  const card =
    input.method === 'card'
      ? (await ctx.db.select().from(organizationCards).where(eq(organizationCards.orgId, orgId)))[0]
      : undefined;
  if (input.method === 'card' && !card) throw conflict('subscription.no_card');
  // Saved with a platform payment system no longer in use: added again before any charge.
  if (input.method === 'card' && card && !(await isChargeable(ctx.db, card))) throw conflict('card.other_provider');
  const now = ctx.clock.now();
  const month = monthOf(now);
  const amountMinor = mms.reduce((sum, m) => sum + (m.price ?? org.price), 0);
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
    const invoice =
      input.method === 'invoice' ? await nextInvoice(tx, orgId, amountMinor, org.currency, now) : undefined;
    const row = await insertPayment(tx, {
      orgId,
      type: SUBSCRIPTION_PAYMENT_KIND.firstPayment,
      month,
      amountMinor,
      currency: org.currency,
      ids,
      invoiceId: invoice?.id ?? null,
      key,
    });
    await writeAudit(tx, actor, {
      action: 'create',
      entity: 'subscription',
      entityId: ids.join(','),
      orgId,
      after: { method: input.method, micromarket_ids: ids, amount_minor: amountMinor, invoice: invoice?.number },
    });
    return row ?? (await tx.select().from(subscriptionPayments).where(eq(subscriptionPayments.key, key)))[0]!;
  });
  if (card && payment.status === SUBSCRIPTION_PAYMENT.new) return chargePayment(ctx, providers, payment.id);
  return payment;
}

/** Charges a card payment row once (its key is the ledger's idempotency key) and settles it. */
export async function chargePayment(ctx: ServiceContext, providers: PaymentProviders, paymentId: number) {
  const [payment] = await ctx.db.select().from(subscriptionPayments).where(eq(subscriptionPayments.id, paymentId));
  if (!payment) throw notFound();
  if (payment.status !== SUBSCRIPTION_PAYMENT.new) return payment;
  const [card] = await ctx.db.select().from(organizationCards).where(eq(organizationCards.orgId, payment.orgId));
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

/**
 * Sets a payment's status; a paid one extends its micromarkets' paid period to the end of its
 * month, an unpaid one is told to the organisation's `subscription_unpaid` routes (once per payment).
 */
async function settlePayment(ctx: ServiceContext, paymentId: number, status: number, ledgerId: number | null = null) {
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

/**
 * The monthly billing of one organisation for `month`: one payment per org+month (key
 * `sub:bill:<org>:<month>`) covering its active auto-billed subscriptions not yet paid for
 * that month. Card payers are charged (type 1; declined → 2 not paid), invoice payers get an
 * invoice (type 2). Running it again finds the same row.
 */
export async function billOrganisation(ctx: ServiceContext, providers: PaymentProviders, orgId: number, month: string) {
  const org = await organisation(ctx.db, orgId);
  const key = `sub:bill:${orgId}:${month}`;
  const [existing] = await ctx.db.select().from(subscriptionPayments).where(eq(subscriptionPayments.key, key));
  if (existing) {
    if (existing.type === SUBSCRIPTION_PAYMENT_KIND.card && existing.status === SUBSCRIPTION_PAYMENT.new)
      return chargePayment(ctx, providers, existing.id);
    return existing;
  }
  const end = monthEnd(month);
  const due = await ctx.db
    .select({ id: micromarkets.id, price: micromarkets.subscriptionPriceMinor, method: subscriptions.method })
    .from(subscriptions)
    .innerJoin(micromarkets, eq(micromarkets.id, subscriptions.micromarketId))
    .where(
      and(
        eq(subscriptions.orgId, orgId),
        eq(subscriptions.status, 'active'),
        eq(subscriptions.autoBilling, true),
        sql`(${subscriptions.paidUntil} is null or ${subscriptions.paidUntil} < ${end})`,
      ),
    );
  if (due.length === 0) return null;
  const [card] = await ctx.db.select().from(organizationCards).where(eq(organizationCards.orgId, orgId));
  const byCard = Boolean(card) && due.some((d) => d.method === 'card');
  const ids = due.map((d) => d.id).sort((a, b) => a - b);
  const amountMinor = due.reduce((sum, d) => sum + (d.price ?? org.price), 0);
  const now = ctx.clock.now();
  const payment = await ctx.db.transaction(async (tx) => {
    const invoice = byCard ? undefined : await nextInvoice(tx, orgId, amountMinor, org.currency, now);
    const row = await insertPayment(tx, {
      orgId,
      type: byCard ? SUBSCRIPTION_PAYMENT_KIND.card : SUBSCRIPTION_PAYMENT_KIND.invoice,
      month,
      amountMinor,
      currency: org.currency,
      ids,
      invoiceId: invoice?.id ?? null,
      key,
    });
    return row!;
  });
  return byCard ? chargePayment(ctx, providers, payment.id) : payment;
}

export const BILLING_JOB = 'subscriptions.bill';
export const BILL_ORG_JOB = 'subscriptions.bill_org';

/** The daily check: queues one billing job per organisation with something to bill this month (keyed org+month). */
export async function queueMonthlyBilling(ctx: ServiceContext) {
  const month = monthOf(ctx.clock.now());
  const orgs = await ctx.db
    .selectDistinct({ orgId: subscriptions.orgId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'active'),
        eq(subscriptions.autoBilling, true),
        sql`(${subscriptions.paidUntil} is null or ${subscriptions.paidUntil} < ${monthEnd(month)})`,
      ),
    );
  for (const { orgId } of orgs) {
    await ctx.jobs.enqueue(BILL_ORG_JOB, { orgId, month }, { key: `${BILL_ORG_JOB}:${orgId}:${month}` });
  }
  return orgs.length;
}

/**
 * Whether a micromarket is refused for its subscription: an organisation with a non-zero price
 * whose subscription is missing, canceled, paused or unpaid past its paid period.
 */
export async function subscriptionRefusal(
  db: Db,
  micromarketId: number,
  now: Date,
): Promise<'subscription.unpaid' | null> {
  const [row] = await db
    .select({
      price: sql<number>`coalesce(${micromarkets.subscriptionPriceMinor}, ${organizations.subscriptionPriceMinor})`,
      status: subscriptions.status,
      paidUntil: subscriptions.paidUntil,
    })
    .from(micromarkets)
    .innerJoin(organizations, eq(organizations.id, micromarkets.orgId))
    .leftJoin(subscriptions, eq(subscriptions.micromarketId, micromarkets.id))
    .where(eq(micromarkets.id, micromarketId));
  if (!row || Number(row.price) === 0) return null;
  if (row.status !== 'active') return 'subscription.unpaid';
  if (!row.paidUntil || row.paidUntil.getTime() <= now.getTime()) return 'subscription.unpaid';
  return null;
}
