import type { TCategory } from '@vitrina/contract';
import { and, asc, eq, ilike, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { categories, products } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/sql.js';

export type CategoryRow = {
  id: number;
  orgId: number;
  parentId: number | null;
  level: number;
  name: string;
  position: number;
  createdAt: Date;
};

export type PathItem = { id: number; name: string; level: number };

const rowColumns = {
  id: categories.id,
  orgId: categories.orgId,
  parentId: categories.parentId,
  level: categories.level,
  name: categories.name,
  position: categories.position,
  createdAt: categories.createdAt,
};

/**
 * Ids of a category and everything below it. Three levels at most, so two steps down
 * cover the subtree; plain subqueries run the same on PGlite and PostgreSQL.
 */
export function subtreeIds(categoryId: SQL | number): SQL {
  return sql`select d.id from ${categories} d where d.id = ${categoryId} or d.parent_id = ${categoryId}
    or d.parent_id in (select g.id from ${categories} g where g.parent_id = ${categoryId})`;
}

/** Drizzle writes a lone table's columns unqualified, which a subquery would take as its own. */
const outerId = sql`${categories}.id`;
const productsCount = sql<number>`(select count(*)::int from ${products} p where p.category_id in (${subtreeIds(outerId)}))`;
const childrenCount = sql<number>`(select count(*)::int from ${categories} ch where ch.parent_id = ${outerId})`;

export function toCategory(row: CategoryRow & { productsCount: number; childrenCount: number }): TCategory {
  return {
    id: row.id,
    org_id: row.orgId,
    parent_id: row.parentId,
    level: row.level,
    name: row.name,
    position: row.position,
    products_count: row.productsCount,
    children_count: row.childrenCount,
    created_at: row.createdAt.toISOString(),
  };
}

export type CategoryFilters = {
  /** null: the top level. */
  parentId: number | null;
  orgId?: number | undefined;
  q?: string | undefined;
  /** null: every organisation. */
  orgIds: number[] | null;
};

function orgFilter(orgIds: number[] | null, orgId: number | undefined): (SQL | undefined)[] {
  return [
    orgIds === null ? undefined : inArray(categories.orgId, orgIds),
    orgId === undefined ? undefined : eq(categories.orgId, orgId),
  ];
}

/** One level's categories in their order; `limit` caps an export (the screen shows the whole level). */
export async function listCategories(db: Db, filters: CategoryFilters, limit?: number): Promise<TCategory[]> {
  const query = db
    .select({ ...rowColumns, productsCount, childrenCount })
    .from(categories)
    .where(
      and(
        ...orgFilter(filters.orgIds, filters.orgId),
        filters.parentId === null ? isNull(categories.parentId) : eq(categories.parentId, filters.parentId),
        filters.q ? ilike(categories.name, `%${escapeLike(filters.q)}%`) : undefined,
      ),
    )
    .orderBy(asc(categories.orgId), asc(categories.position), asc(categories.name), asc(categories.id));
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map(toCategory);
}

/** Every category of the given organisations, parents before children. */
export async function listTree(db: Db, orgIds: number[] | null, orgId: number | undefined) {
  return db
    .select({
      id: categories.id,
      org_id: categories.orgId,
      parent_id: categories.parentId,
      level: categories.level,
      name: categories.name,
      position: categories.position,
    })
    .from(categories)
    .where(and(...orgFilter(orgIds, orgId)))
    .orderBy(asc(categories.orgId), asc(categories.level), asc(categories.position), asc(categories.name));
}

export async function findCategory(db: Db, id: number): Promise<CategoryRow | null> {
  const [row] = await db.select(rowColumns).from(categories).where(eq(categories.id, id));
  return row ?? null;
}

export async function findCategoryWithCounts(db: Db, id: number): Promise<TCategory | null> {
  const [row] = await db
    .select({ ...rowColumns, productsCount, childrenCount })
    .from(categories)
    .where(eq(categories.id, id));
  return row ? toCategory(row) : null;
}

/** Each category's ancestors and itself, top level first. */
export async function categoryPaths(db: Db, ids: number[]): Promise<Map<number, PathItem[]>> {
  const paths = new Map<number, PathItem[]>();
  if (ids.length === 0) return paths;
  const parent = alias(categories, 'parent');
  const grand = alias(categories, 'grand');
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      level: categories.level,
      parentId: parent.id,
      parentName: parent.name,
      parentLevel: parent.level,
      grandId: grand.id,
      grandName: grand.name,
      grandLevel: grand.level,
    })
    .from(categories)
    .leftJoin(parent, eq(parent.id, categories.parentId))
    .leftJoin(grand, eq(grand.id, parent.parentId))
    .where(inArray(categories.id, [...new Set(ids)]));
  for (const row of rows) {
    const path: PathItem[] = [];
    if (row.grandId !== null && row.grandName !== null && row.grandLevel !== null)
      path.push({ id: row.grandId, name: row.grandName, level: row.grandLevel });
    if (row.parentId !== null && row.parentName !== null && row.parentLevel !== null)
      path.push({ id: row.parentId, name: row.parentName, level: row.parentLevel });
    path.push({ id: row.id, name: row.name, level: row.level });
    paths.set(row.id, path);
  }
  return paths;
}

/** A sibling with the same name, compared case-insensitively like the unique index. */
export async function findSiblingByName(
  db: Db,
  sibling: { orgId: number; parentId: number | null; name: string; exceptId?: number },
): Promise<CategoryRow | null> {
  const [row] = await db
    .select(rowColumns)
    .from(categories)
    .where(
      and(
        eq(categories.orgId, sibling.orgId),
        sibling.parentId === null ? isNull(categories.parentId) : eq(categories.parentId, sibling.parentId),
        sql`lower(${categories.name}) = lower(${sibling.name})`,
        sibling.exceptId === undefined ? undefined : ne(categories.id, sibling.exceptId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function childIds(db: Db, orgId: number, parentId: number | null): Promise<number[]> {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.orgId, orgId),
        parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId),
      ),
    );
  return rows.map((row) => row.id);
}

export async function insertCategory(
  db: Db,
  values: { orgId: number; parentId: number | null; level: number; name: string },
): Promise<number> {
  const [next] = await db
    .select({ position: sql<number>`coalesce(max(${categories.position}) + 1, 0)::int` })
    .from(categories)
    .where(
      and(
        eq(categories.orgId, values.orgId),
        values.parentId === null ? isNull(categories.parentId) : eq(categories.parentId, values.parentId),
      ),
    );
  const [row] = await db
    .insert(categories)
    .values({ ...values, position: next?.position ?? 0 })
    .returning({ id: categories.id });
  return row!.id;
}

export async function renameCategory(db: Db, id: number, name: string, now: Date): Promise<void> {
  await db.update(categories).set({ name, updatedAt: now }).where(eq(categories.id, id));
}

export async function setPositions(db: Db, ids: number[], now: Date): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await db.update(categories).set({ position, updatedAt: now }).where(eq(categories.id, id));
  }
}

export async function countChildren(db: Db, id: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(categories)
    .where(eq(categories.parentId, id));
  return row?.count ?? 0;
}

export async function countProductsOf(db: Db, id: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(products)
    .where(eq(products.categoryId, id));
  return row?.count ?? 0;
}

export async function deleteCategoryRow(db: Db, id: number): Promise<void> {
  await db.delete(categories).where(eq(categories.id, id));
}
