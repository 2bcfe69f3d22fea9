import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { subscriptionInvoices } from '../../db/schema/index.js';

/** Issues the organisation's next invoice of the year, numbered `INV-<year>-<seq>` without gaps. */
export async function issueInvoice(tx: Db, orgId: number, amountMinor: number, currency: string, now: Date) {
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
