import type { TMaker } from '@vitrina/contract';
import { and, asc, desc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { makers, products } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/sql.js';

export type MakerFilters = {
  q?: string | undefined;
  orgId?: number | undefined;
  /** null: every organisation. */
  orgIds: number[] | null;
};

/** Qualified by hand: drizzle writes a lone table's columns bare, which the subquery would take as its own. */
const productsCount = sql<number>`(select count(*)::int from ${products} p where p.maker_id = ${makers}.id)`;

const columns = {
  id: makers.id,
  orgId: makers.orgId,
  name: makers.name,
  country: makers.country,
  contactPerson: makers.contactPerson,
  phone: makers.phone,
  email: makers.email,
  website: makers.website,
  productsCount,
  createdAt: makers.createdAt,
};

function baseQuery(db: Db) {
  return db.select(columns).from(makers);
}

type Row = Awaited<ReturnType<typeof baseQuery>>[number];

function toMaker(row: Row): TMaker {
  return {
    id: row.id,
    org_id: row.orgId,
    name: row.name,
    country: row.country,
    contact_person: row.contactPerson,
    phone: row.phone,
    email: row.email,
    website: row.website,
    products_count: row.productsCount,
    created_at: row.createdAt.toISOString(),
  };
}

function whereOf(filters: MakerFilters): SQL | undefined {
  return and(
    filters.orgIds === null ? undefined : inArray(makers.orgId, filters.orgIds),
    filters.orgId === undefined ? undefined : eq(makers.orgId, filters.orgId),
    filters.q ? ilike(makers.name, `%${escapeLike(filters.q)}%`) : undefined,
  );
}

const SORTS = { name: makers.name, products_count: productsCount, created_at: makers.createdAt } as const;

function orderOf(sort: string | undefined): SQL[] {
  const key = (sort ?? 'name').replace(/^-/, '') as keyof typeof SORTS;
  const direction = sort?.startsWith('-') ? desc : asc;
  return [direction(SORTS[key] ?? makers.name), asc(makers.id)];
}

export async function listMakers(
  db: Db,
  filters: MakerFilters,
  page: { limit: number; offset: number },
  sort: string | undefined,
): Promise<TMaker[]> {
  const rows = await baseQuery(db)
    .where(whereOf(filters))
    .orderBy(...orderOf(sort))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toMaker);
}

export async function countMakers(db: Db, filters: MakerFilters): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(makers).where(whereOf(filters));
  return row?.count ?? 0;
}

export async function findMaker(db: Db, id: number): Promise<TMaker | null> {
  const [row] = await baseQuery(db).where(eq(makers.id, id));
  return row ? toMaker(row) : null;
}

/** Same name in the organisation, compared case-insensitively like the unique index. */
export async function findMakerByName(
  db: Db,
  orgId: number,
  name: string,
  exceptId?: number,
): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: makers.id })
    .from(makers)
    .where(
      and(
        eq(makers.orgId, orgId),
        sql`lower(${makers.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(makers.id, exceptId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export type MakerWrite = Partial<typeof makers.$inferInsert>;

export async function insertMaker(db: Db, values: typeof makers.$inferInsert): Promise<number> {
  const [row] = await db.insert(makers).values(values).returning({ id: makers.id });
  return row!.id;
}

export async function updateMakerRow(db: Db, id: number, values: MakerWrite, now: Date): Promise<void> {
  await db
    .update(makers)
    .set({ ...values, updatedAt: now })
    .where(eq(makers.id, id));
}

export async function countProductsOf(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(products).where(eq(products.makerId, id));
  return row?.count ?? 0;
}

export async function deleteMakerRow(db: Db, id: number): Promise<void> {
  await db.delete(makers).where(eq(makers.id, id));
}
