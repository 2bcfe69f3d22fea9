import type { TShelf } from '@vitrina/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { products, shelfProducts, shelves } from '../../db/schema/index.js';
import { iso } from './parts-common.repository.js';

export async function listShelves(db: Db, micromarketId: number, shelfId?: number): Promise<TShelf[]> {
  const rows = await db
    .select()
    .from(shelves)
    .where(and(eq(shelves.micromarketId, micromarketId), shelfId === undefined ? undefined : eq(shelves.id, shelfId)))
    .orderBy(asc(shelves.number));
  const ids = rows.map((row) => row.id);
  const links =
    ids.length === 0
      ? []
      : await db
          .select({ shelfId: shelfProducts.shelfId, id: products.id, name: products.name })
          .from(shelfProducts)
          .innerJoin(products, eq(products.id, shelfProducts.productId))
          .where(inArray(shelfProducts.shelfId, ids))
          .orderBy(asc(products.name));
  return rows.map((row) => ({
    id: row.id,
    micromarket_id: row.micromarketId,
    number: row.number,
    name: row.name,
    trackers: row.trackers,
    products: links.filter((link) => link.shelfId === row.id).map(({ id, name }) => ({ id, name })),
    weight_grams: row.weightGrams,
    calibrated_weight_grams: row.calibratedWeightGrams,
    calibrated_at: iso(row.calibratedAt),
  }));
}

export async function findShelfOwner(db: Db, shelfId: number): Promise<{ micromarketId: number } | null> {
  const [row] = await db.select({ micromarketId: shelves.micromarketId }).from(shelves).where(eq(shelves.id, shelfId));
  return row ?? null;
}

export async function isShelfNumberTaken(db: Db, micromarketId: number, number: number, exceptId?: number) {
  const [row] = await db
    .select({ id: shelves.id })
    .from(shelves)
    .where(and(eq(shelves.micromarketId, micromarketId), eq(shelves.number, number)));
  return row !== undefined && row.id !== exceptId;
}

export async function insertShelf(db: Db, values: typeof shelves.$inferInsert): Promise<number> {
  const [row] = await db.insert(shelves).values(values).returning({ id: shelves.id });
  return row!.id;
}

export async function updateShelfRow(db: Db, id: number, values: Partial<typeof shelves.$inferInsert>, now: Date) {
  await db
    .update(shelves)
    .set({ ...values, updatedAt: now })
    .where(eq(shelves.id, id));
}

export async function replaceShelfProducts(db: Db, shelfId: number, productIds: number[]) {
  await db.delete(shelfProducts).where(eq(shelfProducts.shelfId, shelfId));
  if (productIds.length > 0) {
    await db.insert(shelfProducts).values([...new Set(productIds)].map((productId) => ({ shelfId, productId })));
  }
}

export async function deleteShelfRow(db: Db, id: number) {
  await db.delete(shelves).where(eq(shelves.id, id));
}
