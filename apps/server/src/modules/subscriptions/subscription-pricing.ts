import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organizations } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';

/** The organisation's currency and monthly price per micromarket; 404 when there is no such organisation. */
export async function findOrganisationPricing(db: Db, orgId: number) {
  const [org] = await db
    .select({ id: organizations.id, currency: organizations.currency, price: organizations.subscriptionPriceMinor })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  if (!org) throw notFound();
  return org;
}

export type OrganisationPricing = Awaited<ReturnType<typeof findOrganisationPricing>>;

/** A micromarket's own price, else the organisation's. */
export function priceOf(micromarket: { price: number | null }, org: OrganisationPricing): number {
  return micromarket.price ?? org.price;
}

/** What a month of these micromarkets costs, in minor units. */
export function monthlyTotal(micromarkets: { price: number | null }[], org: OrganisationPricing): number {
  return micromarkets.reduce((sum, micromarket) => sum + priceOf(micromarket, org), 0);
}
