import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  customerCards,
  organizations,
  paymentTransactions,
  products,
  tags,
  transactionProducts,
  transactions,
  users,
} from '../../db/schema/index.js';
import type { PricedLine, ProductPrice } from './pricing.js';

export type SaleRow = typeof transactions.$inferSelect;
export type NewSale = typeof transactions.$inferInsert;
export type CustomerCardRow = typeof customerCards.$inferSelect;

export async function findSale(db: Db, id: number): Promise<SaleRow | null> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
  return row ?? null;
}

/** The sale row locked for the rest of the database transaction (settlement, corrections). */
export async function lockSale(db: Db, id: number): Promise<SaleRow | null> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).for('update');
  return row ?? null;
}

export async function findSaleBySession(db: Db, doorSessionId: string): Promise<SaleRow | null> {
  const [row] = await db.select().from(transactions).where(eq(transactions.doorSessionId, doorSessionId));
  return row ?? null;
}

export async function findSaleByCommand(db: Db, commandId: string): Promise<SaleRow | null> {
  const [row] = await db.select().from(transactions).where(eq(transactions.commandId, commandId));
  return row ?? null;
}

/** Inserts a sale once per door session: null when the session already has one. */
export async function insertSale(db: Db, values: NewSale): Promise<SaleRow | null> {
  const [row] = await db.insert(transactions).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateSale(db: Db, id: number, changes: Partial<NewSale>): Promise<SaleRow> {
  const [row] = await db.update(transactions).set(changes).where(eq(transactions.id, id)).returning();
  return row!;
}

export async function replaceLines(
  db: Db,
  transactionId: number,
  lines: readonly (PricedLine & { isCorrected?: boolean })[],
  options: { isFirst?: boolean } = {},
) {
  // A sale's first lines (at close) replace nothing.
  if (!options.isFirst)
    await db.delete(transactionProducts).where(eq(transactionProducts.transactionId, transactionId));
  if (lines.length === 0) return;
  await db.insert(transactionProducts).values(
    lines.map((line) => ({
      transactionId,
      productId: line.productId,
      name: line.name,
      categoryId: line.categoryId,
      source: line.source,
      tagCode: line.tagCode,
      quantity: line.quantity,
      listPriceMinor: line.listPriceMinor,
      priceMinor: line.priceMinor,
      costMinor: line.costMinor,
      isCorrected: line.isCorrected ?? false,
    })),
  );
}

/** A sale's lines, in the order they were written. */
export async function linesOf(db: Db, transactionId: number) {
  return db
    .select()
    .from(transactionProducts)
    .where(eq(transactionProducts.transactionId, transactionId))
    .orderBy(transactionProducts.id);
}

/** What pricing needs of a product (ProductPrice). */
export const PRODUCT_PRICE_COLUMNS = {
  productId: products.id,
  name: products.name,
  categoryId: products.categoryId,
  sellCostMinor: products.sellCostMinor,
  baseCostMinor: products.baseCostMinor,
};

/** The products a sale names, with what pricing needs, within the organisation. */
export async function productPrices(db: Db, orgId: number, ids: number[]): Promise<Map<number, ProductPrice>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(PRODUCT_PRICE_COLUMNS)
    .from(products)
    .where(and(eq(products.orgId, orgId), inArray(products.id, ids)));
  return new Map(rows.map((row) => [row.productId, row]));
}

/** Which product each taken tag is (tags of this organisation only). */
export async function productsOfTags(db: Db, orgId: number, codes: string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: tags.code, productId: tags.productId })
    .from(tags)
    .where(and(eq(tags.orgId, orgId), inArray(tags.code, codes)));
  return new Map(rows.map((row) => [row.code, row.productId]));
}

/** A paid sale's tags are sold; until then a customer's taken tags wait as not paid. */
export async function markTagsSold(db: Db, orgId: number, codes: string[], at: Date): Promise<void> {
  if (codes.length === 0) return;
  await db
    .update(tags)
    .set({ status: 'sold', soldAt: at, updatedAt: at })
    .where(and(eq(tags.orgId, orgId), inArray(tags.code, codes), eq(tags.status, 'not_paid')));
}

export async function currencyOf(db: Db, orgId: number): Promise<string> {
  const [row] = await db
    .select({ currency: organizations.currency })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row?.currency ?? 'UAH';
}

/** The active card a micromarket read (`customer_token`), of this organisation, with its owner's type. */
export async function findCardByToken(db: Db, orgId: number, token: string) {
  const [row] = await db
    .select({ card: customerCards, userType: users.userType })
    .from(customerCards)
    .innerJoin(users, eq(users.id, customerCards.userId))
    .where(and(eq(customerCards.token, token), eq(customerCards.orgId, orgId), eq(customerCards.active, true)));
  return row ?? null;
}

/** The customer's newest active card, to charge when no hold covers the sale. */
export async function activeCardOf(db: Db, userId: number): Promise<CustomerCardRow | null> {
  const [row] = await db
    .select()
    .from(customerCards)
    .where(and(eq(customerCards.userId, userId), eq(customerCards.active, true)))
    .orderBy(sql`${customerCards.id} DESC`)
    .limit(1);
  return row ?? null;
}

export async function ledgerOf(db: Db, transactionId: number) {
  return db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.transactionId, transactionId))
    .orderBy(paymentTransactions.id);
}

export async function userTypeOf(db: Db, userId: number): Promise<number | null> {
  const [row] = await db.select({ userType: users.userType }).from(users).where(eq(users.id, userId));
  return row?.userType ?? null;
}

/** Sales still processing (3, 4) last changed before `before`, oldest first. */
export async function unsettledBefore(db: Db, before: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(inArray(transactions.status, [3, 4]), sql`${transactions.updatedAt} < ${before.toISOString()}`))
    .orderBy(transactions.updatedAt)
    .limit(limit);
  return rows.map((row) => row.id);
}
