import { CLIENT_KIND, SALE_STATUS, USER_KIND } from '@vitrina/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { fromJsonRow } from '../../db/json-row.js';
import { preparedQuery, preparedSql, slot } from '../../db/prepared.js';
import {
  customerCards,
  organizations,
  paymentTransactions,
  personalPrices,
  products,
  tags,
  transactionProducts,
  transactions,
} from '../../db/schema/index.js';
import { activeDiscountSql } from '../micromarkets/index.js';
import { customerCardUsable } from '../payments/index.js';
import type { PricedLine, ProductPrice } from './pricing.js';

export type SaleRow = typeof transactions.$inferSelect;

/** A §4 code written into a statement's text (a constant, never input). */
const code = (value: number) => sql.raw(String(value));
export type NewSale = typeof transactions.$inferInsert;
export type CustomerCardRow = typeof customerCards.$inferSelect;

// The sale's own statements run hundreds of times a second at door closes: built once (prepared.ts).
const saleById = preparedQuery<{ id: number }, SaleRow[]>((db) =>
  db
    .select()
    .from(transactions)
    .where(eq(transactions.id, sql.placeholder('id'))),
);
const saleByIdLocked = preparedQuery<{ id: number }, SaleRow[]>((db) =>
  db
    .select()
    .from(transactions)
    .where(eq(transactions.id, sql.placeholder('id')))
    .for('update'),
);
const saleBySession = preparedQuery<{ session: string }, SaleRow[]>((db) =>
  db
    .select()
    .from(transactions)
    .where(eq(transactions.doorSessionId, sql.placeholder('session'))),
);

export async function findSale(db: Db, id: number): Promise<SaleRow | null> {
  const [row] = await saleById(db, { id });
  return row ?? null;
}

/** The sale row locked for the rest of the database transaction (settlement, corrections). */
export async function lockSale(db: Db, id: number): Promise<SaleRow | null> {
  const [row] = await saleByIdLocked(db, { id });
  return row ?? null;
}

export async function findSaleBySession(db: Db, doorSessionId: string): Promise<SaleRow | null> {
  const [row] = await saleBySession(db, { session: doorSessionId });
  return row ?? null;
}

export async function findSaleByCommand(db: Db, commandId: string): Promise<SaleRow | null> {
  const [row] = await db.select().from(transactions).where(eq(transactions.commandId, commandId));
  return row ?? null;
}

/**
 * Writes a settlement's outcome on a sale that is still processing (3, 4), under the row's
 * lock (UPDATE waits for it and checks the status again): null when another settlement or a
 * correction got there first.
 */
export async function updateProcessingSale(db: Db, id: number, changes: Partial<NewSale>): Promise<SaleRow | null> {
  const [row] = await db
    .update(transactions)
    .set(changes)
    .where(and(eq(transactions.id, id), inArray(transactions.status, [SALE_STATUS.processing, SALE_STATUS.atProvider])))
    .returning();
  return row ?? null;
}

export type SettlementOutcome = Pick<
  NewSale,
  'status' | 'paymentStatus' | 'paidMinor' | 'errorCode' | 'settledAt' | 'updatedAt'
>;
const settleProcessing = preparedQuery<Required<SettlementOutcome> & { id: number }, SaleRow[]>((db) =>
  db
    .update(transactions)
    .set({
      status: slot('status'),
      paymentStatus: slot('paymentStatus'),
      paidMinor: slot('paidMinor'),
      errorCode: slot('errorCode'),
      settledAt: slot('settledAt'),
      updatedAt: slot('updatedAt'),
    })
    .where(
      and(
        eq(transactions.id, sql.placeholder('id')),
        inArray(transactions.status, [SALE_STATUS.processing, SALE_STATUS.atProvider]),
      ),
    )
    .returning(),
);

/** `updateProcessingSale` with a settlement's outcome: the same statement every time (prepared.ts). */
export async function settleProcessingSale(
  db: Db,
  id: number,
  outcome: Required<SettlementOutcome>,
): Promise<SaleRow | null> {
  const [row] = await settleProcessing(db, { id, ...outcome });
  return row ?? null;
}

export type SaleClose = Required<
  Pick<
    NewSale,
    | 'paymentType'
    | 'grossMinor'
    | 'discountMinor'
    | 'costMinor'
    | 'bonusesUsedMinor'
    | 'amountMinor'
    | 'isTest'
    | 'sensorCheck'
    | 'closedAt'
    | 'status'
    | 'paymentStatus'
    | 'settledAt'
    | 'updatedAt'
  >
>;
const closeById = preparedQuery<SaleClose & { id: number }, SaleRow[]>((db) =>
  db
    .update(transactions)
    .set({
      paymentType: slot('paymentType'),
      grossMinor: slot('grossMinor'),
      discountMinor: slot('discountMinor'),
      costMinor: slot('costMinor'),
      bonusesUsedMinor: slot('bonusesUsedMinor'),
      amountMinor: slot('amountMinor'),
      isTest: slot('isTest'),
      sensorCheck: slot('sensorCheck'),
      closedAt: slot('closedAt'),
      status: slot('status'),
      paymentStatus: slot('paymentStatus'),
      settledAt: slot('settledAt'),
      updatedAt: slot('updatedAt'),
    })
    .where(eq(transactions.id, sql.placeholder('id')))
    .returning(),
);

/** A door close's totals and state on its sale: the same statement every time (prepared.ts). */
export async function writeClose(db: Db, id: number, close: SaleClose): Promise<SaleRow> {
  const [row] = await closeById(db, { id, ...close });
  return row!;
}

/** Inserts a sale once per door session: null when the session already has one. */
export async function insertSale(db: Db, values: NewSale): Promise<SaleRow | null> {
  const [row] = await db.insert(transactions).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/**
 * Inserts the sale of a door session in one statement: the customer (and whether a staff
 * member, client type 2) by the card the micromarket read, a guest (0) without one, and the
 * organisation's currency. Null when the session already has its sale.
 */
export async function insertSessionSale(
  db: Db,
  values: {
    orgId: number;
    micromarketId: number;
    doorSessionId: string;
    paymentType: number;
    openedAt: Date;
    customerToken: string | null;
  },
): Promise<SaleRow | null> {
  const [row] = await sessionSaleInsert(db, values);
  return row ?? null;
}
// Every door open runs it: built once (prepared.ts). A null token finds no card: a guest.
const sessionSaleInsert = preparedQuery<Parameters<typeof insertSessionSale>[1], SaleRow[]>((db) => {
  // Codes inlined, not bound: a CASE of bound parameters would be typed text, not smallint.
  const clientTypeOfUser = sql`CASE WHEN u.user_type = ${code(USER_KIND.employee)} THEN ${code(CLIENT_KIND.employee)} ELSE ${code(CLIENT_KIND.client)} END`;
  // Only an active card of an active customer of this organisation whom it has not blocked from
  // its cabinets: any other code (a removed card, a renewed code, a blocked customer) buys as a guest.
  const card = sql`FROM customer_cards c JOIN users u ON u.id = c.user_id
    WHERE c.token = ${sql.placeholder('customerToken')} AND c.org_id = ${sql.placeholder('orgId')} AND c.active
      AND u.active AND u.org_id = c.org_id
      AND NOT EXISTS (SELECT 1 FROM customer_blocks b WHERE b.customer_id = u.id AND b.org_id = c.org_id)`;
  return db
    .insert(transactions)
    .values({
      orgId: slot('orgId'),
      micromarketId: slot('micromarketId'),
      doorSessionId: slot('doorSessionId'),
      paymentType: slot('paymentType'),
      openedAt: slot('openedAt'),
      customerId: sql`(SELECT c.user_id ${card})`,
      clientType: sql`coalesce((SELECT ${clientTypeOfUser} ${card}), ${code(CLIENT_KIND.guest)})`,
      currency: sql`coalesce((SELECT currency FROM organizations WHERE id = ${sql.placeholder('orgId')}), 'UAH')`,
    })
    .onConflictDoNothing()
    .returning();
});

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
  const column = <T>(pick: (line: (typeof lines)[number]) => T) => lines.map(pick);
  await insertLines(db, {
    transactionId,
    productIds: column((line) => line.productId),
    names: column((line) => line.name),
    categoryIds: column((line) => line.categoryId),
    sources: column((line) => line.source),
    tagCodes: column((line) => line.tagCode),
    quantities: column((line) => line.quantity),
    listPrices: column((line) => line.listPriceMinor),
    prices: column((line) => line.priceMinor),
    costs: column((line) => line.costMinor),
    corrected: column((line) => line.isCorrected ?? false),
  });
}
// Every door close writes its lines: one statement for any number of them, built once
// (prepared.ts), each column an array parameter, the lines' ids in the order given.
const insertLines = preparedSql<{
  transactionId: number;
  productIds: (number | null)[];
  names: string[];
  categoryIds: (number | null)[];
  sources: string[];
  tagCodes: (string | null)[];
  quantities: number[];
  listPrices: number[];
  prices: number[];
  costs: number[];
  corrected: boolean[];
}>(sql`
  INSERT INTO transaction_products (transaction_id, product_id, name, category_id, source, tag_code, quantity,
    list_price_minor, price_minor, cost_minor, is_corrected)
  SELECT ${sql.placeholder('transactionId')}::bigint, l.product_id, l.name, l.category_id, l.source, l.tag_code,
    l.quantity, l.list_price, l.price, l.cost, l.corrected
  FROM unnest(${sql.placeholder('productIds')}::integer[], ${sql.placeholder('names')}::text[],
    ${sql.placeholder('categoryIds')}::integer[], ${sql.placeholder('sources')}::text[],
    ${sql.placeholder('tagCodes')}::text[], ${sql.placeholder('quantities')}::integer[],
    ${sql.placeholder('listPrices')}::bigint[], ${sql.placeholder('prices')}::bigint[],
    ${sql.placeholder('costs')}::bigint[], ${sql.placeholder('corrected')}::boolean[])
    WITH ORDINALITY AS l(product_id, name, category_id, source, tag_code, quantity, list_price, price, cost, corrected, n)
  ORDER BY l.n`);

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

/** What pricing a sale's lines needs (`priceItems`): its products, their personal prices here, the discount here. */
export type PricingInputs = {
  products: Map<number, ProductPrice>;
  personal: Map<number, number>;
  discount: number;
  /** Grams per product (null: not weighed), for the cross-sensor check. */
  grams: Map<number, number | null>;
};

// A door close prices its lines with it: built once (prepared.ts), the products as an array
// parameter, the discount judged at the injected clock's `now` (an ISO string) as a parameter too.
const pricingRows = preparedQuery<
  { orgId: number; micromarketId: number; ids: number[]; now: string },
  (ProductPrice & { personal: number | null; discount: number; grams: number | null })[]
>((db) =>
  db
    .select({
      ...PRODUCT_PRICE_COLUMNS,
      personal: personalPrices.priceMinor,
      discount: activeDiscountSql(sql.placeholder('micromarketId'), sql.placeholder('now')),
      grams: products.weightG,
    })
    .from(products)
    .leftJoin(
      personalPrices,
      and(
        eq(personalPrices.micromarketId, sql.placeholder('micromarketId')),
        eq(personalPrices.productId, products.id),
      ),
    )
    .where(
      and(
        eq(products.orgId, sql.placeholder('orgId')),
        sql`${products.id} = ANY(${sql.placeholder('ids')}::integer[])`,
      ),
    ),
);

/**
 * The products a sale names (within the organisation) with their personal prices at the
 * micromarket and its discount in force at `now`, in one statement: a door close prices its
 * lines hundreds of times a second.
 */
export async function pricingInputs(
  db: Db,
  sale: { orgId: number; micromarketId: number },
  ids: number[],
  now: Date,
): Promise<PricingInputs> {
  if (ids.length === 0) return { products: new Map(), personal: new Map(), discount: 0, grams: new Map() };
  const { orgId, micromarketId } = sale;
  const rows = await pricingRows(db, { orgId, micromarketId, ids, now: now.toISOString() });
  return {
    products: new Map(rows.map(({ personal: _p, discount: _d, grams: _g, ...row }) => [row.productId, row])),
    personal: new Map(rows.flatMap((row) => (row.personal === null ? [] : [[row.productId, row.personal] as const]))),
    discount: rows[0]?.discount ?? 0,
    grams: new Map(rows.map((row) => [row.productId, row.grams])),
  };
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

export async function currencyOf(db: Db, orgId: number): Promise<string> {
  const [row] = await db
    .select({ currency: organizations.currency })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row?.currency ?? 'UAH';
}

/**
 * The customer's newest active card that its organisation's payment system can charge now, to
 * charge when no hold covers the sale; a card saved with another provider or account is as none.
 */
export async function activeCardOf(db: Db, userId: number): Promise<CustomerCardRow | null> {
  const [row] = await db
    .select()
    .from(customerCards)
    .where(
      and(eq(customerCards.userId, userId), eq(customerCards.active, true), customerCardUsable('"customer_cards"')),
    )
    .orderBy(sql`${customerCards.id} DESC`)
    .limit(1);
  return row ?? null;
}

export type LedgerRow = typeof paymentTransactions.$inferSelect;

// The outer row is named in full: drizzle writes a column of the one selected table unqualified,
// which inside a subquery would name the subquery's own column.
const settlementRow = preparedQuery<{ id: number }, SettlementRow[]>((db) =>
  db
    .select({
      sale: transactions,
      ledger: sql<Record<string, unknown>[]>`(SELECT coalesce(json_agg(p ORDER BY p.id), '[]'::json)
        FROM payment_transactions p WHERE p.transaction_id = "transactions"."id")`,
      card: sql<Record<string, unknown> | null>`(SELECT row_to_json(c) FROM customer_cards c
        WHERE c.user_id = "transactions"."customer_id" AND c.active AND ${customerCardUsable('c')}
        ORDER BY c.id DESC LIMIT 1)`,
      settings: sql<unknown>`(SELECT m.settings FROM micromarkets m WHERE m.id = "transactions"."micromarket_id")`,
      hasTags: sql<boolean>`EXISTS (SELECT 1 FROM transaction_products l
        WHERE l.transaction_id = "transactions"."id" AND l.tag_code IS NOT NULL)`,
    })
    .from(transactions)
    .where(eq(transactions.id, sql.placeholder('id'))),
);
type SettlementRow = {
  sale: SaleRow;
  ledger: Record<string, unknown>[];
  card: Record<string, unknown> | null;
  settings: unknown;
  hasTags: boolean;
};

/**
 * What settling a sale starts from, in one statement: the sale, its payment ledger (oldest
 * first) and its customer's newest active card, each as `ledgerOf` and `activeCardOf` give them.
 */
export async function settlementFacts(
  db: Db,
  transactionId: number,
): Promise<{
  sale: SaleRow;
  ledger: LedgerRow[];
  card: CustomerCardRow | null;
  /** The micromarket's settings now (what the settled sale sets off follows them). */
  settings: unknown;
  /** Whether any of its lines names a tag (only then has a paid sale tags to mark sold). */
  hasTags: boolean;
} | null> {
  const [row] = await settlementRow(db, { id: transactionId });
  if (!row) return null;
  const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
  const card = json(row.card) as Record<string, unknown> | null;
  return {
    sale: row.sale,
    ledger: (json(row.ledger) as Record<string, unknown>[]).map((entry) => fromJsonRow(paymentTransactions, entry)),
    card: card ? fromJsonRow(customerCards, card) : null,
    settings: json(row.settings),
    hasTags: row.hasTags,
  };
}

export async function ledgerOf(db: Db, transactionId: number) {
  return db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.transactionId, transactionId))
    .orderBy(paymentTransactions.id);
}

/** Sales still processing (3, 4) last changed before `before`, oldest first. */
export async function unsettledBefore(db: Db, before: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        inArray(transactions.status, [SALE_STATUS.processing, SALE_STATUS.atProvider]),
        sql`${transactions.updatedAt} < ${before.toISOString()}`,
      ),
    )
    .orderBy(transactions.updatedAt)
    .limit(limit);
  return rows.map((row) => row.id);
}
