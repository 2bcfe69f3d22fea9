import type { TDiscount } from '@vitrina/contract';
import { type AnyColumn, and, desc, eq, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { micromarketDiscounts } from '../../db/schema/index.js';
import { iso } from './parts-common.repository.js';

/**
 * A discount is in force at `now` until its end (none: for good). The time is the injected
 * clock's, never the database's: a Date, or the `now` placeholder of a prepared
 * statement, given as an ISO string. The door close prices with it, transactions/ prices
 * corrections with it and the card, the list, the labels, the stock and the orders show it.
 */
function isActiveDiscountAt(now: Date | Placeholder) {
  const at = now instanceof Date ? now.toISOString() : now;
  return sql<boolean>`(${micromarketDiscounts.activeTo} is null or ${micromarketDiscounts.activeTo} > ${at}::timestamptz)`;
}

export async function listDiscounts(db: Db, micromarketId: number, now: Date, id?: number): Promise<TDiscount[]> {
  const rows = await db
    .select({ row: micromarketDiscounts, isActive: isActiveDiscountAt(now) })
    .from(micromarketDiscounts)
    .where(
      and(
        eq(micromarketDiscounts.micromarketId, micromarketId),
        id === undefined ? undefined : eq(micromarketDiscounts.id, id),
      ),
    )
    .orderBy(desc(micromarketDiscounts.id));
  return rows.map(({ row, isActive }) => ({
    id: row.id,
    micromarket_id: row.micromarketId,
    percent: row.percent,
    active_to: iso(row.activeTo),
    is_active: isActive,
    created_at: row.createdAt.toISOString(),
  }));
}

/**
 * The micromarket's largest discount in force at `now` as a scalar subquery (null when none),
 * for reading it in one statement: `micromarketId` a value, a placeholder, or the outer
 * query's column (the micromarket card).
 */
export function maxDiscountSql(micromarketId: number | Placeholder | AnyColumn, now: Date | Placeholder) {
  return sql<number | null>`(SELECT max(${micromarketDiscounts.percent})::int FROM ${micromarketDiscounts}
    WHERE ${micromarketDiscounts.micromarketId} = ${micromarketId} AND ${isActiveDiscountAt(now)})`;
}

/** The micromarket's active discount (the largest, 0 when none) as a scalar subquery, for pricing in one statement. */
export function activeDiscountSql(micromarketId: number | Placeholder, now: Date | Placeholder) {
  return sql<number>`coalesce(${maxDiscountSql(micromarketId, now)}, 0)`;
}

/** The largest discount in force at `now`, 0 when none. */
export async function activeDiscountPercent(db: Db, micromarketId: number, now: Date): Promise<number> {
  const result = await db.execute(sql`SELECT ${activeDiscountSql(micromarketId, now)} AS percent`);
  return Number((result as unknown as { rows: { percent: number }[] }).rows[0]?.percent ?? 0);
}

export async function insertDiscount(db: Db, values: typeof micromarketDiscounts.$inferInsert): Promise<number> {
  const [row] = await db.insert(micromarketDiscounts).values(values).returning({ id: micromarketDiscounts.id });
  return row!.id;
}

export async function findDiscountOwner(db: Db, id: number) {
  const [row] = await db
    .select({ micromarketId: micromarketDiscounts.micromarketId })
    .from(micromarketDiscounts)
    .where(eq(micromarketDiscounts.id, id));
  return row ?? null;
}

export async function deleteDiscountRow(db: Db, id: number) {
  await db.delete(micromarketDiscounts).where(eq(micromarketDiscounts.id, id));
}
