import { storageBatchStatus, TAG_STATUSES, type TagStatus, type TStorageBatch } from '@vitrina/contract';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { products, storageBatches, tags, users } from '../../db/schema/index.js';

export type StorageFilters = {
  /** The caller's organisations; null: every organisation. */
  orgIds: number[] | null;
  orgId?: number | undefined;
  productId?: number | undefined;
  status?: 0 | 1 | 2 | undefined;
};

const hasTagsIn = (statuses: TagStatus[]) =>
  sql`exists (select 1 from ${tags} where ${tags.batchId} = ${storageBatches.id} and ${inArray(tags.status, statuses)})`;

/**
 * The batch status of spec §4 in SQL, the same rule as `storageBatchStatus`, so a status
 * filter pages and counts in the database. Each test is an index probe on (batch_id, status).
 */
const batchStatusSql = sql<number>`case when ${hasTagsIn(['new', 'removed'])} then 0 when ${hasTagsIn(['in_micromarket'])} then 1 else 2 end`;

function whereOf(filters: StorageFilters): SQL | undefined {
  return and(
    filters.orgIds === null ? undefined : inArray(storageBatches.orgId, filters.orgIds),
    filters.orgId === undefined ? undefined : eq(storageBatches.orgId, filters.orgId),
    filters.productId === undefined ? undefined : eq(storageBatches.productId, filters.productId),
    filters.status === undefined ? undefined : sql`${batchStatusSql} = ${filters.status}`,
  );
}

function baseQuery(db: Db) {
  return db
    .select({
      id: storageBatches.id,
      orgId: storageBatches.orgId,
      productId: storageBatches.productId,
      productName: products.name,
      createdByName: users.name,
      storeUpTo: storageBatches.storeUpTo,
      createdAt: storageBatches.createdAt,
      total: storageBatches.total,
    })
    .from(storageBatches)
    .innerJoin(products, eq(products.id, storageBatches.productId))
    .leftJoin(users, eq(users.id, storageBatches.createdBy));
}

type Row = Awaited<ReturnType<typeof baseQuery>>[number];

/** Tag counts per status of the given batches, every status present. */
async function countsOf(db: Db, batchIds: number[]): Promise<Map<number, Record<TagStatus, number>>> {
  const result = new Map(
    batchIds.map((id) => [id, Object.fromEntries(TAG_STATUSES.map((s) => [s, 0])) as Record<TagStatus, number>]),
  );
  if (batchIds.length === 0) return result;
  const rows = await db
    .select({ batchId: tags.batchId, status: tags.status, count: count() })
    .from(tags)
    .where(inArray(tags.batchId, batchIds))
    .groupBy(tags.batchId, tags.status);
  for (const row of rows) {
    const counts = row.batchId === null ? undefined : result.get(row.batchId);
    if (counts) counts[row.status] = row.count;
  }
  return result;
}

async function withCounts(db: Db, rows: Row[]): Promise<TStorageBatch[]> {
  const counts = await countsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const own = counts.get(row.id)!;
    return {
      id: row.id,
      org_id: row.orgId,
      product_id: row.productId,
      product_name: row.productName,
      created_by_name: row.createdByName,
      store_up_to: row.storeUpTo.toISOString(),
      created_at: row.createdAt.toISOString(),
      total: row.total,
      counts: own,
      status: storageBatchStatus(own),
    };
  });
}

export async function listBatches(db: Db, filters: StorageFilters, page: { limit: number; offset: number }) {
  const rows = await baseQuery(db)
    .where(whereOf(filters))
    .orderBy(desc(storageBatches.id))
    .limit(page.limit)
    .offset(page.offset);
  return withCounts(db, rows);
}

export async function countBatches(db: Db, filters: StorageFilters): Promise<number> {
  const [row] = await db.select({ count: count() }).from(storageBatches).where(whereOf(filters));
  return row?.count ?? 0;
}

export async function findBatch(db: Db, id: number): Promise<TStorageBatch | null> {
  const rows = await baseQuery(db).where(eq(storageBatches.id, id));
  const [batch] = await withCounts(db, rows);
  return batch ?? null;
}
