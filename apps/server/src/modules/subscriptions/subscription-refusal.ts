import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { micromarkets, organizations, subscriptions } from '../../db/schema/index.js';

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
