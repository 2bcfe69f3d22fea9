import { and, asc, desc, eq, gte, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { makers, productReviews, products } from '../../db/schema/index.js';
import { fileUrl } from '../../lib/storage.js';
import { inCategorySubtree, roundRating } from './products.repository.js';

export type RatingFilters = {
  /** Reviews from this instant on. */
  from?: Date | undefined;
  /** Reviews before this instant. */
  until?: Date | undefined;
  orgId?: number | undefined;
  categoryId?: number | undefined;
  /** null: every organisation. */
  orgIds: number[] | null;
};

export type RatingSort = 'rating' | 'likes' | 'dislikes' | 'votes';

function productWhere(filters: RatingFilters): SQL | undefined {
  return and(
    filters.orgIds === null ? undefined : inArray(products.orgId, filters.orgIds),
    filters.orgId === undefined ? undefined : eq(products.orgId, filters.orgId),
    filters.categoryId === undefined ? undefined : inCategorySubtree(filters.categoryId),
    ne(products.status, 'archived'),
  );
}

/** Every matching product with its votes in the period; products without votes come last. */
export async function listRatings(
  db: Db,
  filters: RatingFilters,
  page: { limit: number; offset: number },
  sort: RatingSort,
) {
  const where = productWhere(filters);
  // Aggregates only the reviews of the products the caller may see in the period.
  const stats = db
    .select({
      productId: productReviews.productId,
      rating: sql<number | null>`avg(${productReviews.rating})::float8`.as('rating'),
      votes: sql<number>`count(${productReviews.rating})::int`.as('votes'),
      likes: sql<number>`sum(case when ${productReviews.reaction} = 1 then 1 else 0 end)::int`.as('likes'),
      dislikes: sql<number>`sum(case when ${productReviews.reaction} = -1 then 1 else 0 end)::int`.as('dislikes'),
    })
    .from(productReviews)
    .where(
      and(
        inArray(productReviews.productId, db.select({ id: products.id }).from(products).where(where)),
        filters.from ? gte(productReviews.createdAt, filters.from) : undefined,
        filters.until ? lt(productReviews.createdAt, filters.until) : undefined,
      ),
    )
    .groupBy(productReviews.productId)
    .as('stats');
  const votes = sql<number>`coalesce(${stats.votes}, 0)::int`;
  const likes = sql<number>`coalesce(${stats.likes}, 0)::int`;
  const dislikes = sql<number>`coalesce(${stats.dislikes}, 0)::int`;
  const order: Record<RatingSort, SQL[]> = {
    rating: [sql`${stats.rating} desc nulls last`, desc(votes)],
    likes: [desc(likes), sql`${stats.rating} desc nulls last`],
    dislikes: [desc(dislikes), sql`${stats.rating} desc nulls last`],
    votes: [desc(votes), sql`${stats.rating} desc nulls last`],
  };
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      makerName: makers.name,
      thumbKey: products.thumbKey,
      rating: stats.rating,
      votes,
      likes,
      dislikes,
    })
    .from(products)
    .leftJoin(makers, eq(makers.id, products.makerId))
    .leftJoin(stats, eq(stats.productId, products.id))
    .where(where)
    .orderBy(...order[sort], asc(products.name), asc(products.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => ({
    product_id: row.id,
    name: row.name,
    maker_name: row.makerName,
    thumb_url: fileUrl(row.thumbKey),
    rating: roundRating(row.rating),
    votes: row.votes,
    likes: row.likes,
    dislikes: row.dislikes,
  }));
}

export async function countRated(db: Db, filters: RatingFilters): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(products).where(productWhere(filters));
  return row?.count ?? 0;
}
