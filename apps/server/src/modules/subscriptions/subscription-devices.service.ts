import { eq } from 'drizzle-orm';
import { micromarkets, subscriptions } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { findOrganisationPricing, priceOf } from './subscription-pricing.js';

/** The organisation's micromarkets with their subscription and effective monthly price. */
export async function listDevices(ctx: ServiceContext, actor: Actor, orgId: number) {
  if (actor.kind !== 'anonymous') actor.scope.assertVisible(orgId);
  const org = await findOrganisationPricing(ctx.db, orgId);
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
    price_minor: priceOf(r, org),
    currency: org.currency,
    status: r.status ?? null,
    method: r.method ?? null,
    auto_billing: r.autoBilling ?? false,
    paid_until: r.paidUntil?.toISOString() ?? null,
  }));
}
