import type { TagStatus, TTag } from '@vitrina/contract';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { micromarkets, products, tags } from '../../db/schema/index.js';
import { keysetBranches, pageIdsQuery, type TagFilters, whereOfTags } from './tag-query.js';

export type { TagFilters } from './tag-query.js';

const columns = {
  id: tags.id,
  orgId: tags.orgId,
  code: tags.code,
  status: tags.status,
  productId: tags.productId,
  productName: products.name,
  batchId: tags.batchId,
  micromarketId: tags.micromarketId,
  micromarketName: micromarkets.name,
  storeUpTo: tags.storeUpTo,
  soldAt: tags.soldAt,
  removedAt: tags.removedAt,
  writtenOffAt: tags.writtenOffAt,
  reason: tags.reason,
  createdAt: tags.createdAt,
};

type Row = Awaited<ReturnType<typeof baseQuery>>[number];

function toTag(row: Row): TTag {
  return {
    id: row.id,
    org_id: row.orgId,
    code: row.code,
    status: row.status,
    product_id: row.productId,
    product_name: row.productName,
    batch_id: row.batchId,
    micromarket_id: row.micromarketId,
    micromarket_name: row.micromarketName,
    store_up_to: row.storeUpTo.toISOString(),
    sold_at: row.soldAt?.toISOString() ?? null,
    removed_at: row.removedAt?.toISOString() ?? null,
    written_off_at: row.writtenOffAt?.toISOString() ?? null,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
  };
}

function baseQuery(db: Db) {
  return db
    .select(columns)
    .from(tags)
    .innerJoin(products, eq(products.id, tags.productId))
    .leftJoin(micromarkets, eq(micromarkets.id, tags.micromarketId));
}

/** One keyset page: the ids come from the indexes alone, the names are joined for those rows only. */
export async function listTags(
  db: Db,
  filters: TagFilters,
  page: { status: TagStatus | undefined; afterId: number | null; limit: number },
): Promise<TTag[]> {
  const ids = pageIdsQuery(keysetBranches(filters, page.status), page.afterId, page.limit);
  const rows = await baseQuery(db).where(sql`${tags.id} in (${ids})`).orderBy(desc(tags.id));
  return rows.map(toTag);
}

export async function countTagsByStatus(db: Db, filters: TagFilters): Promise<Map<TagStatus, number>> {
  const rows = await db
    .select({ status: tags.status, count: sql<number>`count(*)::int` })
    .from(tags)
    .where(whereOfTags(filters))
    .groupBy(tags.status);
  return new Map(rows.map((row) => [row.status, row.count]));
}

export async function findTag(db: Db, id: number): Promise<TTag | null> {
  const [row] = await baseQuery(db).where(eq(tags.id, id));
  return row ? toTag(row) : null;
}

/** Locks the rows until the transaction ends, so two actions on one tag cannot both pass the checks. */
export async function lockTags(db: Db, ids: number[]) {
  return db
    .select({ id: tags.id, orgId: tags.orgId, code: tags.code, status: tags.status })
    .from(tags)
    .where(inArray(tags.id, ids))
    .orderBy(tags.id)
    .for('update');
}

export type TagMove = {
  status: TagStatus;
  reason: string;
  removedAt?: Date;
  writtenOffAt?: Date;
  updatedAt: Date;
};

export async function moveTags(db: Db, ids: number[], move: TagMove): Promise<number> {
  const rows = await db.update(tags).set(move).where(inArray(tags.id, ids)).returning({ id: tags.id });
  return rows.length;
}
