import type { TPersonalPrice } from '@vitrina/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { personalPrices, products } from '../../db/schema/index.js';

export async function listPrices(db: Db, micromarketId: number, productId?: number): Promise<TPersonalPrice[]> {
  const rows = await db
    .select({ row: personalPrices, productName: products.name, sellCost: products.sellCostMinor })
    .from(personalPrices)
    .innerJoin(products, eq(products.id, personalPrices.productId))
    .where(
      and(
        eq(personalPrices.micromarketId, micromarketId),
        productId === undefined ? undefined : eq(personalPrices.productId, productId),
      ),
    )
    .orderBy(asc(products.name), asc(personalPrices.id));
  return rows.map(({ row, productName, sellCost }) => ({
    id: row.id,
    micromarket_id: row.micromarketId,
    product_id: row.productId,
    product_name: productName,
    price: row.priceMinor,
    sell_cost: sellCost,
    updated_at: row.updatedAt.toISOString(),
  }));
}

export async function upsertPriceRow(
  db: Db,
  price: { micromarketId: number; productId: number; priceMinor: number },
  now: Date,
) {
  const { micromarketId, productId, priceMinor } = price;
  await db
    .insert(personalPrices)
    .values({ micromarketId, productId, priceMinor })
    .onConflictDoUpdate({
      target: [personalPrices.micromarketId, personalPrices.productId],
      set: { priceMinor, updatedAt: now },
    });
}

export async function findPrice(db: Db, id: number) {
  const [row] = await db.select().from(personalPrices).where(eq(personalPrices.id, id));
  return row ?? null;
}

export async function deletePriceRow(db: Db, id: number) {
  await db.delete(personalPrices).where(eq(personalPrices.id, id));
}

/** A base price less a discount in percent, rounded to a minor unit. */
export function discountedPrice(base: number, discountPercent: number): number {
  return Math.round((base * (100 - discountPercent)) / 100);
}

/** Personal prices of a micromarket by product id. */
export async function personalPriceMap(db: Db, micromarketId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ productId: personalPrices.productId, price: personalPrices.priceMinor })
    .from(personalPrices)
    .where(eq(personalPrices.micromarketId, micromarketId));
  return new Map(rows.map((row) => [row.productId, row.price]));
}
