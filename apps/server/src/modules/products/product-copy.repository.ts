import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { categories, makers, products } from '../../db/schema/index.js';

/** The chosen makers' products to copy; archived ones are retired and stay behind. */
export async function sourceProducts(db: Db, makerIds: number[], productIds: number[] | undefined) {
  return db
    .select()
    .from(products)
    .where(
      and(
        inArray(products.makerId, makerIds),
        productIds === undefined ? undefined : inArray(products.id, productIds),
        ne(products.status, 'archived'),
      ),
    )
    .orderBy(asc(products.id));
}

export async function sourceMakers(db: Db, ids: number[]) {
  return db.select().from(makers).where(inArray(makers.id, ids));
}

export function nameKey(name: string): string {
  return name.trim().toLowerCase();
}

/** A category's place among its siblings: the parent's id (0 at the top) and the name. */
export function categoryKey(parentId: number | null, name: string): string {
  return `${parentId ?? 0}:${nameKey(name)}`;
}

/** What already exists in the target organisation, by the keys the copy matches on. */
export async function targetIndex(db: Db, orgId: number) {
  // One after another: inside a transaction they share one connection anyway.
  const makerRows = await db.select({ id: makers.id, name: makers.name }).from(makers).where(eq(makers.orgId, orgId));
  const categoryRows = await db
    .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
    .from(categories)
    .where(eq(categories.orgId, orgId));
  const productRows = await db
    .select({ article: products.article, name: products.name })
    .from(products)
    .where(eq(products.orgId, orgId));
  return {
    makers: new Map(makerRows.map((row) => [nameKey(row.name), row.id])),
    categories: new Map(categoryRows.map((row) => [categoryKey(row.parentId, row.name), row.id])),
    articles: new Set(productRows.flatMap((row) => (row.article ? [nameKey(row.article)] : []))),
    names: new Set(productRows.map((row) => nameKey(row.name))),
  };
}

export type TargetIndex = Awaited<ReturnType<typeof targetIndex>>;
