import type { TDiscount, TPersonalPrice, TPriceTag, TShelf } from '@vitrina/contract';
import { type AnyColumn, and, asc, desc, eq, inArray, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  micromarketDiscounts,
  personalPrices,
  priceTags,
  products,
  shelfProducts,
  shelves,
} from '../../db/schema/index.js';

const iso = (value: Date | null) => value?.toISOString() ?? null;

// --- shelves ------------------------------------------------------------------------------

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

/** How many of `ids` are products of the organisation. */
export async function countProductsOfOrg(db: Db, orgId: number, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return 0;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(products)
    .where(and(eq(products.orgId, orgId), inArray(products.id, unique)));
  return row?.count ?? 0;
}

// --- discounts ----------------------------------------------------------------------------

/**
 * A discount is in force at `now` until its end (none: for good). The time is the injected
 * clock's (issue 26), never the database's: a Date, or the `now` placeholder of a prepared
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

// --- personal prices ----------------------------------------------------------------------

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

// --- price tags ---------------------------------------------------------------------------

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
