import { SUBSCRIPTION_PAYMENT } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { subscriptionPayments } from '../../db/schema/index.js';
import { issueInvoice } from './subscription-invoices.js';

export type SubscriptionPaymentRow = typeof subscriptionPayments.$inferSelect;

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
async function insertPayment(tx: Db, p: NewPayment): Promise<SubscriptionPaymentRow | undefined> {
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

/** A new payment, with a numbered invoice issued for it first when it is paid by invoice; `row` as `insertPayment`. */
export async function openPayment(tx: Db, p: Omit<NewPayment, 'invoiceId'> & { byInvoice: boolean; now: Date }) {
  const { byInvoice, now, ...payment } = p;
  const invoice = byInvoice ? await issueInvoice(tx, p.orgId, p.amountMinor, p.currency, now) : undefined;
  const row = await insertPayment(tx, { ...payment, invoiceId: invoice?.id ?? null });
  return { row, invoice };
}

export async function findPaymentByKey(db: Db, key: string): Promise<SubscriptionPaymentRow | undefined> {
  const [row] = await db.select().from(subscriptionPayments).where(eq(subscriptionPayments.key, key));
  return row;
}
