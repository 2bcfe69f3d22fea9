import type { TPriceTag } from '@vitrina/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { personalPrices, priceTags, products, shelves } from '../../db/schema/index.js';
import { activeDiscountPercent } from './discounts.repository.js';
import { iso } from './parts-common.repository.js';
import { discountedPrice } from './prices.repository.js';

export async function listPriceTags(db: Db, micromarketId: number, now: Date, id?: number): Promise<TPriceTag[]> {
  const [rows, discount] = await Promise.all([
    db
      .select({
        row: priceTags,
        shelfNumber: shelves.number,
        productName: products.name,
        sellCost: products.sellCostMinor,
        personalPrice: personalPrices.priceMinor,
      })
      .from(priceTags)
      .leftJoin(shelves, eq(shelves.id, priceTags.shelfId))
      .leftJoin(products, eq(products.id, priceTags.productId))
      .leftJoin(
        personalPrices,
        and(
          eq(personalPrices.micromarketId, priceTags.micromarketId),
          eq(personalPrices.productId, priceTags.productId),
        ),
      )
      .where(and(eq(priceTags.micromarketId, micromarketId), id === undefined ? undefined : eq(priceTags.id, id)))
      .orderBy(asc(priceTags.labelCode)),
    activeDiscountPercent(db, micromarketId, now),
  ]);
  return rows.map(({ row, shelfNumber, productName, sellCost, personalPrice }) => {
    const base = personalPrice ?? sellCost;
    const current = base === null ? null : discountedPrice(base, discount);
    return {
      id: row.id,
      micromarket_id: row.micromarketId,
      label_code: row.labelCode,
      shelf_id: row.shelfId,
      shelf_number: shelfNumber,
      product_id: row.productId,
      product_name: productName,
      shown_price: row.shownPriceMinor,
      current_price: current,
      is_outdated: current !== null && row.shownPriceMinor !== current,
      synced_at: iso(row.syncedAt),
      created_at: row.createdAt.toISOString(),
    };
  });
}

export async function findPriceTag(db: Db, id: number) {
  const [row] = await db.select().from(priceTags).where(eq(priceTags.id, id));
  return row ?? null;
}

export async function isLabelTaken(db: Db, micromarketId: number, labelCode: string, exceptId?: number) {
  const [row] = await db
    .select({ id: priceTags.id })
    .from(priceTags)
    .where(and(eq(priceTags.micromarketId, micromarketId), eq(priceTags.labelCode, labelCode)));
  return row !== undefined && row.id !== exceptId;
}

export async function insertPriceTag(db: Db, values: typeof priceTags.$inferInsert): Promise<number> {
  const [row] = await db.insert(priceTags).values(values).returning({ id: priceTags.id });
  return row!.id;
}

export async function updatePriceTagRow(db: Db, id: number, values: Partial<typeof priceTags.$inferInsert>) {
  await db.update(priceTags).set(values).where(eq(priceTags.id, id));
}

export async function deletePriceTagRow(db: Db, id: number) {
  await db.delete(priceTags).where(eq(priceTags.id, id));
}
