import type {
  TSubscriptionInvoice,
  TSubscriptionPayment,
  ZSubscriptionInvoiceQuery,
  ZSubscriptionPaymentQuery,
} from '@vitrina/contract';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { subscriptionInvoices, subscriptionPayments } from '../../db/schema/index.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { formatMinor } from '../../lib/money.js';
import { renderPdf } from '../../lib/pdf.js';
import type { FileAnswer } from '../../lib/table-export.js';

type PaymentQuery = z.output<typeof ZSubscriptionPaymentQuery>;
type InvoiceQuery = z.output<typeof ZSubscriptionInvoiceQuery>;

function orgFilter(
  actor: UserActor,
  orgId: number | undefined,
  column: typeof subscriptionPayments.orgId | typeof subscriptionInvoices.orgId,
) {
  const filters: SQL[] = [];
  const visible = actor.scope.visibleIds;
  if (visible) filters.push(inArray(column, visible));
  if (orgId !== undefined) filters.push(eq(column, orgId));
  return filters;
}

export async function listPayments(ctx: ServiceContext, actor: UserActor, query: PaymentQuery) {
  const filters = orgFilter(actor, query.org_id, subscriptionPayments.orgId);
  if (query.status !== undefined) filters.push(eq(subscriptionPayments.status, query.status));
  if (query.type !== undefined) filters.push(eq(subscriptionPayments.type, query.type));
  if (query.month) filters.push(eq(subscriptionPayments.periodMonth, `${query.month}-01`));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ p: subscriptionPayments, number: subscriptionInvoices.number })
      .from(subscriptionPayments)
      .leftJoin(subscriptionInvoices, eq(subscriptionInvoices.id, subscriptionPayments.invoiceId))
      .where(where)
      .orderBy(desc(subscriptionPayments.periodMonth), desc(subscriptionPayments.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    ctx.db.select({ n: count() }).from(subscriptionPayments).where(where),
  ]);
  const items = rows.map(({ p, number }) => presentPayment(p, number));
  return { items, total: total?.n ?? 0 };
}

export function presentPayment(
  p: typeof subscriptionPayments.$inferSelect,
  invoiceNumber: string | null = null,
): TSubscriptionPayment {
  return {
    id: p.id,
    org_id: p.orgId,
    type: p.type,
    status: p.status,
    period_month: p.periodMonth,
    amount_minor: p.amountMinor,
    currency: p.currency,
    micromarket_ids: p.micromarketIds,
    invoice_id: p.invoiceId,
    invoice_number: invoiceNumber,
    created_at: p.createdAt.toISOString(),
    paid_at: p.paidAt?.toISOString() ?? null,
  };
}

export function presentInvoice(i: typeof subscriptionInvoices.$inferSelect): TSubscriptionInvoice {
  return {
    id: i.id,
    org_id: i.orgId,
    number: i.number,
    amount_minor: i.amountMinor,
    currency: i.currency,
    status: i.status,
    issued_at: i.issuedAt.toISOString(),
    paid_at: i.paidAt?.toISOString() ?? null,
  };
}

export async function listInvoices(ctx: ServiceContext, actor: UserActor, query: InvoiceQuery) {
  const where = and(...orgFilter(actor, query.org_id, subscriptionInvoices.orgId));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(subscriptionInvoices)
      .where(where)
      .orderBy(desc(subscriptionInvoices.issuedAt), desc(subscriptionInvoices.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    ctx.db.select({ n: count() }).from(subscriptionInvoices).where(where),
  ]);
  return { items: rows.map(presentInvoice), total: total?.n ?? 0 };
}

/** The invoice as PDF: number, dates, the payments it covers and the total. */
export async function invoicePdf(ctx: ServiceContext, actor: UserActor, id: number): Promise<FileAnswer> {
  const [invoice] = await ctx.db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.id, id));
  if (!invoice) throw notFound();
  actor.scope.assertVisible(invoice.orgId);
  const lines = await ctx.db
    .select()
    .from(subscriptionPayments)
    .where(eq(subscriptionPayments.invoiceId, id))
    .orderBy(sql`${subscriptionPayments.id}`);
  const body = await renderPdf({ title: invoice.number, createdAt: invoice.issuedAt }, (doc) => {
    doc.font('bold').fontSize(18).text(`Invoice ${invoice.number}`);
    doc.font('regular').fontSize(11).moveDown();
    doc.text(`Issued: ${invoice.issuedAt.toISOString().slice(0, 10)}`);
    doc.text(`Status: ${invoice.status}${invoice.paidAt ? ` (${invoice.paidAt.toISOString().slice(0, 10)})` : ''}`);
    doc.moveDown();
    for (const line of lines) {
      doc.text(
        `Subscription ${line.periodMonth.slice(0, 7)}: ${line.micromarketIds.length} micromarket(s) — ${formatMinor(line.amountMinor, line.currency)}`,
      );
    }
    doc
      .moveDown()
      .font('bold')
      .text(`Total: ${formatMinor(invoice.amountMinor, invoice.currency)}`);
  });
  return { filename: `${invoice.number}.pdf`, contentType: 'application/pdf', body };
}
