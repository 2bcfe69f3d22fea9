import { SUBSCRIPTION_PAYMENT, SUBSCRIPTION_PAYMENT_KIND } from '@vitrina/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  micromarkets,
  organizationCards,
  organizations,
  platformPaymentSettings,
  subscriptionInvoices,
  subscriptionPayments,
  subscriptions,
} from '../db/schema/index.js';

const PAID_MONTHS = 3;

/** `YYYY-MM-01` of the month `n` months after (negative: before) the month of `now`. */
function monthAt(now: Date, n: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + n, 1)).toISOString().slice(0, 10);
}

/**
 * The demo micromarkets subscribed and paid through the current month: the platform's payment
 * system on the test provider (`platformCredentials`: its sealed webhook secret), a test card
 * per organisation saved through it, a few paid months, and one unpaid invoice (next month's,
 * so nothing is refused). Runs again without adding rows.
 */
export async function seedSubscriptionsDemo(
  db: Db,
  orgIds: number[],
  now = new Date(),
  platformCredentials: string | null = null,
): Promise<void> {
  await db
    .insert(platformPaymentSettings)
    .values({ id: 1, provider: 'test', credentialsSealed: platformCredentials })
    .onConflictDoNothing();
  const orgs = await db
    .select({ id: organizations.id, currency: organizations.currency, price: organizations.subscriptionPriceMinor })
    .from(organizations)
    .where(inArray(organizations.id, orgIds))
    // The first (main) organisation gets the unpaid invoice: by id, never by where a row sits.
    .orderBy(organizations.id);
  const paidUntil = new Date(`${monthAt(now, 1)}T00:00:00Z`);
  for (const org of orgs) {
    const mms = await db
      .select({ id: micromarkets.id, price: micromarkets.subscriptionPriceMinor })
      .from(micromarkets)
      .where(eq(micromarkets.orgId, org.id));
    if (mms.length === 0) continue;
    const ids = mms.map((m) => m.id).sort((a, b) => a - b);
    const amountMinor = mms.reduce((sum, m) => sum + (m.price ?? org.price), 0);
    await db.transaction(async (tx) => {
      await tx
        .insert(organizationCards)
        .values({
          orgId: org.id,
          provider: 'test',
          providerAccount: 'test',
          paymentMethodId: 'pm_card_visa',
          customerId: `cus_org_${org.id}`,
          brand: 'visa',
          last4: '4242',
          expMonth: 12,
          expYear: now.getUTCFullYear() + 3,
        })
        .onConflictDoNothing();
      await tx
        .insert(subscriptions)
        .values(ids.map((micromarketId) => ({ orgId: org.id, micromarketId, method: 'card' as const, paidUntil })))
        .onConflictDoNothing();
      const rows = Array.from({ length: PAID_MONTHS }, (_, i) => {
        const month = monthAt(now, i - (PAID_MONTHS - 1));
        return {
          orgId: org.id,
          type: i === 0 ? SUBSCRIPTION_PAYMENT_KIND.firstPayment : SUBSCRIPTION_PAYMENT_KIND.card,
          status: SUBSCRIPTION_PAYMENT.paid,
          periodMonth: month,
          amountMinor,
          currency: org.currency,
          micromarketIds: ids,
          key: i === 0 ? `demo:first:${org.id}:${month}` : `sub:bill:${org.id}:${month}`,
          paidAt: new Date(`${month}T08:00:00Z`),
        };
      });
      await tx.insert(subscriptionPayments).values(rows).onConflictDoNothing();
      if (org.id !== orgs[0]?.id) return;
      const year = now.getUTCFullYear();
      const [invoice] = await tx
        .insert(subscriptionInvoices)
        .values({ orgId: org.id, year, seq: 1, number: `INV-${year}-000001`, amountMinor, currency: org.currency })
        .onConflictDoNothing()
        .returning({ id: subscriptionInvoices.id });
      if (!invoice) return;
      const next = monthAt(now, 1);
      await tx
        .insert(subscriptionPayments)
        .values({
          orgId: org.id,
          type: SUBSCRIPTION_PAYMENT_KIND.invoice,
          status: SUBSCRIPTION_PAYMENT.new,
          periodMonth: next,
          amountMinor,
          currency: org.currency,
          micromarketIds: ids,
          invoiceId: invoice.id,
          key: `demo:invoice:${org.id}:${next}`,
        })
        .onConflictDoNothing();
    });
  }
}
