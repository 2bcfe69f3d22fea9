import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pgArray, rowsOf } from '../../lib/sql.js';

export type PlanScope = {
  visibleIds: number[] | null;
  orgId?: number;
  micromarketId?: number;
  groupId?: number;
};
export type ScopedMicromarket = { id: number; orgId: number; name: string; address: string | null };

const ids = (values: readonly number[]) => sql`${pgArray(values)}::int[]`;

/** Active micromarkets of the filter, by name. */
export async function scopedMicromarkets(db: Db, scope: PlanScope): Promise<ScopedMicromarket[]> {
  const result = await db.execute(sql`
    SELECT m.id, m.org_id AS "orgId", m.name, m.address
    FROM micromarkets m
    WHERE m.active
      ${scope.visibleIds === null ? sql`` : sql`AND m.org_id = ANY(${ids(scope.visibleIds)})`}
      ${scope.orgId === undefined ? sql`` : sql`AND m.org_id = ${scope.orgId}`}
      ${scope.micromarketId === undefined ? sql`` : sql`AND m.id = ${scope.micromarketId}`}
      ${
        scope.groupId === undefined
          ? sql``
          : sql`AND EXISTS (SELECT 1 FROM device_group_members g WHERE g.micromarket_id = m.id AND g.group_id = ${scope.groupId})`
      }
    ORDER BY m.name, m.id`);
  return rowsOf<ScopedMicromarket>(result);
}

/** Each micromarket's active layout (jsonb), if it has one. */
export async function activeLayouts(db: Db, micromarketIds: readonly number[]) {
  const result = await db.execute(sql`
    SELECT micromarket_id AS "micromarketId", layout FROM micromarket_planograms
    WHERE active AND micromarket_id = ANY(${ids(micromarketIds)})`);
  return rowsOf<{ micromarketId: number; layout: unknown }>(result);
}

/** Tags in each micromarket per product, and how many of them expire before `visitAt`. */
export async function stockOf(db: Db, micromarketIds: readonly number[], visitAt: Date) {
  const result = await db.execute(sql`
    SELECT micromarket_id AS "micromarketId", product_id AS "productId",
      count(*)::int AS stock,
      count(*) FILTER (WHERE store_up_to < ${visitAt.toISOString()}::timestamptz)::int AS expiring
    FROM tags
    WHERE status = 'in_micromarket' AND micromarket_id = ANY(${ids(micromarketIds)})
    GROUP BY micromarket_id, product_id`);
  return rowsOf<{ micromarketId: number; productId: number; stock: number; expiring: number }>(result);
}

/** Items sold per micromarket and product since `fromDay` (the daily rollups, not the sales). */
export async function salesOf(db: Db, micromarketIds: readonly number[], fromDay: string) {
  const result = await db.execute(sql`
    SELECT micromarket_id AS "micromarketId", product_id AS "productId", sum(items)::int AS sold
    FROM sales_daily_products
    WHERE micromarket_id = ANY(${ids(micromarketIds)}) AND day >= ${fromDay}::date AND product_id > 0
    GROUP BY micromarket_id, product_id`);
  return rowsOf<{ micromarketId: number; productId: number; sold: number }>(result);
}

export async function wishesOf(db: Db, micromarketIds: readonly number[], since: Date) {
  const result = await db.execute(sql`
    SELECT micromarket_id AS "micromarketId", product_id AS "productId", count(*)::int AS wishes
    FROM wishes
    WHERE micromarket_id = ANY(${ids(micromarketIds)}) AND created_at >= ${since.toISOString()}::timestamptz
    GROUP BY micromarket_id, product_id`);
  return rowsOf<{ micromarketId: number; productId: number; wishes: number }>(result);
}

/** The micromarket groups (routes) the micromarkets belong to. */
export async function routesOf(db: Db, micromarketIds: readonly number[]) {
  const result = await db.execute(sql`
    SELECT m.micromarket_id AS "micromarketId", g.id AS "groupId", g.name AS "groupName"
    FROM device_group_members m JOIN device_groups g ON g.id = m.group_id
    WHERE m.micromarket_id = ANY(${ids(micromarketIds)})
    ORDER BY g.name, g.id`);
  return rowsOf<{ micromarketId: number; groupId: number; groupName: string }>(result);
}

/** New tags (programmed, not yet loaded) per product: what the storage holds. */
export async function storageOf(db: Db, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  const result = await db.execute(sql`
    SELECT product_id AS "productId", count(*)::int AS count FROM tags
    WHERE status = 'new' AND product_id = ANY(${ids(productIds)})
    GROUP BY product_id`);
  return rowsOf<{ productId: number; count: number }>(result);
}

export async function productNames(db: Db, productIds: readonly number[]): Promise<Map<number, string>> {
  if (productIds.length === 0) return new Map();
  const result = await db.execute(sql`SELECT id, name FROM products WHERE id = ANY(${ids(productIds)})`);
  return new Map(rowsOf<{ id: number; name: string }>(result).map((row) => [row.id, row.name]));
}
