import type { TagStatus } from '@vitrina/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { products, tags } from '../../db/schema/index.js';

/** The tags of one micromarket in one status: what the fleet card shows as stock or waste. */
export type MicromarketTagsQuery = {
  micromarketId: number;
  status: Extract<TagStatus, 'in_micromarket' | 'written_off'>;
  productId?: number | undefined;
  limit: number;
  offset: number;
};

export type MicromarketTagRow = {
  id: number;
  code: string;
  productId: number;
  productName: string;
  sellCostMinor: number;
  /** Last change of the tag: for a tag in a micromarket, when the reader placed it there. */
  updatedAt: Date;
  writtenOffAt: Date | null;
  reason: string | null;
  storeUpTo: Date;
};

/**
 * A page of them, newest change first, with the total. The (micromarket, status, id) index
 * narrows the rows; a micromarket holds hundreds of tags, so sorting them by time is cheap.
 */
export async function listMicromarketTags(
  db: Db,
  query: MicromarketTagsQuery,
): Promise<{ rows: MicromarketTagRow[]; total: number }> {
  const where = and(
    eq(tags.micromarketId, query.micromarketId),
    eq(tags.status, query.status),
    query.productId === undefined ? undefined : eq(tags.productId, query.productId),
  );
  const when = query.status === 'written_off' ? sql`coalesce(${tags.writtenOffAt}, ${tags.updatedAt})` : tags.updatedAt;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: tags.id,
        code: tags.code,
        productId: tags.productId,
        productName: products.name,
        sellCostMinor: products.sellCostMinor,
        updatedAt: tags.updatedAt,
        writtenOffAt: tags.writtenOffAt,
        reason: tags.reason,
        storeUpTo: tags.storeUpTo,
      })
      .from(tags)
      .innerJoin(products, eq(products.id, tags.productId))
      .where(where)
      .orderBy(desc(when), desc(tags.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(tags).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}
