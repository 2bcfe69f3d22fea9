import type { ProductStatus, TListProductsQueryParsed, TProduct } from '@vitrina/contract';
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, makers, organizations, productReviews, products, tags, users } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/sql.js';
import { fileUrl } from '../../lib/storage.js';
import { categoryPaths, type PathItem, subtreeIds } from '../categories/index.js';

const columns = {
  id: products.id,
  orgId: products.orgId,
  name: products.name,
  description: products.description,
  article: products.article,
  barcode: products.barcode,
  taxCodes: products.taxCodes,
  weightG: products.weightG,
  makerId: products.makerId,
  makerName: makers.name,
  categoryId: products.categoryId,
  baseCostMinor: products.baseCostMinor,
  sellCostMinor: products.sellCostMinor,
  currency: organizations.currency,
  storagePeriodHours: products.storagePeriodHours,
  purchaseLimit: products.purchaseLimit,
  status: products.status,
  imageKey: products.imageKey,
  thumbKey: products.thumbKey,
  showInOrders: products.showInOrders,
  showInWishes: products.showInWishes,
  isPublic: products.isPublic,
  forProgrammer: products.forProgrammer,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

function baseQuery(db: Db) {
  return db
    .select(columns)
    .from(products)
    .innerJoin(organizations, eq(organizations.id, products.orgId))
    .leftJoin(makers, eq(makers.id, products.makerId));
}

export type ProductRow = Awaited<ReturnType<typeof baseQuery>>[number];

export type ReviewStats = { rating: number | null; votes: number; likes: number; dislikes: number };
const NO_REVIEWS: ReviewStats = { rating: null, votes: 0, likes: 0, dislikes: 0 };

function toProduct(row: ProductRow, path: PathItem[], stats: ReviewStats): TProduct {
  return {
    id: row.id,
    org_id: row.orgId,
    name: row.name,
    description: row.description,
    article: row.article,
    barcode: row.barcode,
    tax_codes: row.taxCodes,
    weight_g: row.weightG,
    maker_id: row.makerId,
    maker_name: row.makerName,
    category_id: row.categoryId,
    category_path: path,
    base_cost: row.baseCostMinor,
    sell_cost: row.sellCostMinor,
    currency: row.currency,
    storage_period_hours: row.storagePeriodHours,
    purchase_limit: row.purchaseLimit,
    status: row.status,
    image_url: fileUrl(row.imageKey),
    thumb_url: fileUrl(row.thumbKey),
    rating: stats.rating,
    likes: stats.likes,
    dislikes: stats.dislikes,
    show_in_orders: row.showInOrders,
    show_in_wishes: row.showInWishes,
    is_public: row.isPublic,
    for_programmer: row.forProgrammer,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The expression the trigram index is built on, so `%q%` uses the index. */
export const SEARCH_TEXT = sql`lower(${products.name} || ' ' || coalesce(${products.article}, '') || ' ' || coalesce(${products.barcode}, ''))`;

/** Both sides lowered by the database, so the folding matches the index whatever the locale. */
export function searchMatches(q: string): SQL {
  return sql`${SEARCH_TEXT} like lower(${`%${escapeLike(q)}%`})`;
}

/** Products in the category or anywhere below it, as a subquery. */
export function inCategorySubtree(categoryId: number): SQL {
  return sql`${products.categoryId} in (${subtreeIds(categoryId)})`;
}

export type ProductFilters = Omit<TListProductsQueryParsed, 'page' | 'per_page' | 'sort'> & {
  /** null: every organisation. */
  orgIds: number[] | null;
};

/**
 * The category filter as a list of ids, looked up first: with the literal list the planner
 * knows how few products match and uses the category index instead of scanning products.
 */
async function categoryIdsOf(db: Db, categoryId: number): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(subtreeIds(categoryId));
  return (rows as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
}

function whereOf(filters: ProductFilters, categoryIds: number[] | undefined): SQL | undefined {
  return and(
    filters.orgIds === null ? undefined : inArray(products.orgId, filters.orgIds),
    filters.org_id === undefined ? undefined : eq(products.orgId, filters.org_id),
    filters.q ? searchMatches(filters.q) : undefined,
    categoryIds === undefined
      ? undefined
      : categoryIds.length > 0
        ? inArray(products.categoryId, categoryIds)
        : sql`false`,
    filters.maker_id === undefined ? undefined : eq(products.makerId, filters.maker_id),
    // Archived products keep their history but only show when asked for by name.
    filters.status === undefined ? ne(products.status, 'archived') : eq(products.status, filters.status),
    filters.show_in_orders === undefined ? undefined : eq(products.showInOrders, filters.show_in_orders),
    filters.show_in_wishes === undefined ? undefined : eq(products.showInWishes, filters.show_in_wishes),
    filters.is_public === undefined ? undefined : eq(products.isPublic, filters.is_public),
    filters.for_programmer === undefined ? undefined : eq(products.forProgrammer, filters.for_programmer),
  );
}

const SORTS = { name: products.name, sell_cost: products.sellCostMinor, created_at: products.createdAt } as const;

function orderOf(sort: string | undefined): SQL[] {
  const key = (sort ?? '-created_at').replace(/^-/, '') as keyof typeof SORTS;
  const direction = !sort || sort.startsWith('-') ? desc : asc;
  return [direction(SORTS[key] ?? products.createdAt), desc(products.id)];
}

/** Votes, likes and dislikes of the given products only, never the whole table. */
export async function reviewStats(db: Db, ids: number[]): Promise<Map<number, ReviewStats>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      productId: productReviews.productId,
      rating: sql<number | null>`avg(${productReviews.rating})::float8`,
      votes: sql<number>`count(${productReviews.rating})::int`,
      likes: sql<number>`sum(case when ${productReviews.reaction} = 1 then 1 else 0 end)::int`,
      dislikes: sql<number>`sum(case when ${productReviews.reaction} = -1 then 1 else 0 end)::int`,
    })
    .from(productReviews)
    .where(inArray(productReviews.productId, ids))
    .groupBy(productReviews.productId);
  return new Map(rows.map((row) => [row.productId, { ...row, rating: roundRating(row.rating) }]));
}

export function roundRating(value: number | null): number | null {
  return value === null ? null : Math.round(Number(value) * 10) / 10;
}

async function withDetails(db: Db, rows: ProductRow[]): Promise<TProduct[]> {
  const ids = rows.map((row) => row.id);
  const categoryIds = rows.map((row) => row.categoryId).filter((id): id is number => id !== null);
  const [paths, stats] = await Promise.all([categoryPaths(db, categoryIds), reviewStats(db, ids)]);
  return rows.map((row) =>
    toProduct(row, row.categoryId === null ? [] : (paths.get(row.categoryId) ?? []), stats.get(row.id) ?? NO_REVIEWS),
  );
}

/**
 * One page and the total. A page is chosen on the products table alone (its ids), then
 * only those rows are joined with makers, organisations, paths and votes. With a text or
 * category filter every match is read anyway to sort it, so the total comes from the same
 * pass (a window count); without one, the page walks the created-at index and a separate
 * count reads the narrow status index.
 */
export async function listProductPage(
  db: Db,
  filters: ProductFilters,
  page: { limit: number; offset: number },
  sort: string | undefined,
): Promise<{ items: TProduct[]; total: number }> {
  const categoryIds = filters.category_id === undefined ? undefined : await categoryIdsOf(db, filters.category_id);
  const where = whereOf(filters, categoryIds);
  const isSelective = Boolean(filters.q) || categoryIds !== undefined;
  const [pageRows, separateTotal] = await Promise.all([
    isSelective ? selectivePage(db, where, page, sort) : indexedPage(db, where, page, sort),
    isSelective ? Promise.resolve(null) : countWhere(db, where),
  ]);
  const total = separateTotal ?? pageRows[0]?.total ?? (page.offset > 0 ? await countWhere(db, where) : 0);
  if (pageRows.length === 0) return { items: [], total };
  const ids = pageRows.map((row) => row.id);
  const rows = await baseQuery(db).where(inArray(products.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    items: await withDetails(
      db,
      ids.map((id) => byId.get(id)!),
    ),
    total,
  };
}

type PageRow = { id: number; total: number };
type Page = { limit: number; offset: number };

function indexedPage(db: Db, where: SQL | undefined, page: Page, sort: string | undefined): Promise<PageRow[]> {
  return db
    .select({ id: products.id, total: sql<number>`0`.mapWith(Number) })
    .from(products)
    .where(where)
    .orderBy(...orderOf(sort))
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * The matches are gathered first (materialised, so the planner reads them through the
 * trigram or category index rather than walking the created-at index and testing every
 * product), then sorted, counted and cut to the page.
 */
async function selectivePage(db: Db, where: SQL | undefined, page: Page, sort: string | undefined): Promise<PageRow[]> {
  const key = (sort ?? '-created_at').replace(/^-/, '');
  const column = sql.raw(key === 'name' ? 'name' : key === 'sell_cost' ? 'sell_cost_minor' : 'created_at');
  const direction = sql.raw(!sort || sort.startsWith('-') ? 'desc' : 'asc');
  const result = await db.execute<{ id: number; total: string | number }>(sql`
    with matches as materialized (
      select ${products.id} as id, ${products.createdAt} as created_at, ${products.name} as name,
             ${products.sellCostMinor} as sell_cost_minor
      from ${products} where ${where ?? sql`true`})
    select id, count(*) over () as total from matches
    order by ${column} ${direction}, id desc limit ${page.limit} offset ${page.offset}`);
  return (result as unknown as { rows: { id: number; total: string | number }[] }).rows.map((row) => ({
    id: Number(row.id),
    total: Number(row.total),
  }));
}

async function countWhere(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(products).where(where);
  return row?.count ?? 0;
}

export async function findProductRow(db: Db, id: number): Promise<ProductRow | null> {
  const [row] = await baseQuery(db).where(eq(products.id, id));
  return row ?? null;
}

export async function findProduct(db: Db, id: number): Promise<TProduct | null> {
  const row = await findProductRow(db, id);
  if (!row) return null;
  const [product] = await withDetails(db, [row]);
  return product ?? null;
}

export async function tagCounts(db: Db, productId: number): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: tags.status, count: sql<number>`count(*)::int` })
    .from(tags)
    .where(eq(tags.productId, productId))
    .groupBy(tags.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}

export type ProductWrite = Partial<typeof products.$inferInsert>;

export async function insertProduct(db: Db, values: typeof products.$inferInsert): Promise<number> {
  const [row] = await db.insert(products).values(values).returning({ id: products.id });
  return row!.id;
}

export async function updateProductRow(db: Db, id: number, values: ProductWrite, now: Date): Promise<void> {
  await db
    .update(products)
    .set({ ...values, updatedAt: now })
    .where(eq(products.id, id));
}

export async function findStatuses(db: Db, ids: number[]) {
  return db
    .select({ id: products.id, orgId: products.orgId, name: products.name, status: products.status })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id));
}

export async function setStatus(db: Db, ids: number[], status: ProductStatus, now: Date): Promise<void> {
  await db.update(products).set({ status, updatedAt: now }).where(inArray(products.id, ids));
}

/** The audit entries of one product, newest first, with who made them. */
export async function listHistory(db: Db, productId: number, limit: number) {
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      actorName: users.name,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(productId))))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    actor_name: row.actorName,
    before: row.before,
    after: row.after,
    created_at: row.createdAt.toISOString(),
  }));
}
