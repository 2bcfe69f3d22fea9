/** Queries the micromarket's parts (shelves, discounts, personal prices, price tags) share. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema/index.js';

export const iso = (value: Date | null) => value?.toISOString() ?? null;

/** How many of `ids` are products of the organisation. */
export async function countProductsOfOrg(db: Db, orgId: number, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return 0;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(products)
    .where(and(eq(products.orgId, orgId), inArray(products.id, unique)));
  return row?.count ?? 0;
}
