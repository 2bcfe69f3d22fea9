import { refundStateOf, type TTransactionListItem, type TTransactionTotals } from '@vitrina/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { micromarkets, refundLines, transactions, users } from '../../db/schema/index.js';
import { raiseRefundedQuantity } from '../sales/index.js';
import { keysetBranches, pageIdsQuery, type SaleFilters, whereOfSales } from './sale-query.js';

export type { SaleFilters } from './sale-query.js';

const listColumns = {
  id: transactions.id,
  orgId: transactions.orgId,
  micromarketId: transactions.micromarketId,
  micromarketName: micromarkets.name,
  customerId: transactions.customerId,
  customerName: users.name,
  clientType: transactions.clientType,
  paymentType: transactions.paymentType,
  status: transactions.status,
  paymentStatus: transactions.paymentStatus,
  currency: transactions.currency,
  amountMinor: transactions.amountMinor,
  paidMinor: transactions.paidMinor,
  refundedMinor: transactions.refundedMinor,
  bonusesUsedMinor: transactions.bonusesUsedMinor,
  isTest: transactions.isTest,
  openedAt: transactions.openedAt,
  closedAt: transactions.closedAt,
};

export type SaleListRow = Awaited<ReturnType<typeof baseQuery>>[number];

function baseQuery(db: Db) {
  return db
    .select(listColumns)
    .from(transactions)
    .innerJoin(micromarkets, eq(micromarkets.id, transactions.micromarketId))
    .leftJoin(users, eq(users.id, transactions.customerId));
}

/** A row as the API shows it; the codes are the schema's checked §4 codes. */
export function toListItem(row: SaleListRow): TTransactionListItem {
  return {
    id: row.id,
    org_id: row.orgId,
    micromarket_id: row.micromarketId,
    micromarket_name: row.micromarketName,
    customer_id: row.customerId,
    customer_name: row.customerName,
    client_type: row.clientType as TTransactionListItem['client_type'],
    payment_type: row.paymentType as TTransactionListItem['payment_type'],
    status: row.status as TTransactionListItem['status'],
    payment_status: row.paymentStatus as TTransactionListItem['payment_status'],
    currency: row.currency,
    amount_minor: row.amountMinor,
    paid_minor: row.paidMinor,
    refunded_minor: row.refundedMinor,
    refund_state: refundStateOf({ paid_minor: row.paidMinor, refunded_minor: row.refundedMinor }),
    bonuses_used_minor: row.bonusesUsedMinor,
    is_test: row.isTest,
    opened_at: row.openedAt.toISOString(),
    closed_at: row.closedAt?.toISOString() ?? null,
  };
}

/** One page, newest first, after the cursor's sale: the page's ids come from the index walks first. */
export async function listSales(
  db: Db,
  filters: SaleFilters,
  page: { afterId: number | null; limit: number },
): Promise<SaleListRow[]> {
  const ids = pageIdsQuery(keysetBranches(filters), page.afterId, page.limit);
  return baseQuery(db)
    .where(sql`${transactions.id} in (${ids})`)
    .orderBy(desc(transactions.openedAt), desc(transactions.id));
}

/** Every filtered sale, newest first, at most `limit` (the export). */
export async function listSalesForExport(db: Db, filters: SaleFilters, limit: number): Promise<SaleListRow[]> {
  return baseQuery(db)
    .where(whereOfSales(filters))
    .orderBy(desc(transactions.openedAt), desc(transactions.id))
    .limit(limit);
}

export async function findSaleRow(db: Db, id: number): Promise<SaleListRow | null> {
  const [row] = await baseQuery(db).where(eq(transactions.id, id));
  return row ?? null;
}

export async function totalsOfSales(db: Db, filters: SaleFilters): Promise<TTransactionTotals> {
  const rows = await db
    .select({
      currency: transactions.currency,
      count: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${transactions.amountMinor}), 0)`,
      paid: sql<string>`coalesce(sum(${transactions.paidMinor}), 0)`,
      refunded: sql<string>`coalesce(sum(${transactions.refundedMinor}), 0)`,
    })
    .from(transactions)
    .where(whereOfSales(filters))
    .groupBy(transactions.currency)
    .orderBy(transactions.currency);
  const byCurrency = rows.map((row) => ({
    currency: row.currency,
    count: row.count,
    amount_minor: Number(row.amount),
    paid_minor: Number(row.paid),
    refunded_minor: Number(row.refunded),
  }));
  return { count: byCurrency.reduce((sum, row) => sum + row.count, 0), by_currency: byCurrency };
}

/**
 * Holds the units a refund's ledger rows give back: raised on the sale's lines (the check
 * `refunded_quantity <= quantity` is the net under the service's own) and kept per row, so a
 * row that fails gives back exactly its units (the trigger of migration 0041).
 */
export async function holdRefundedUnits(
  db: Db,
  units: readonly { paymentTransactionId: number; lineId: number; quantity: number }[],
): Promise<void> {
  if (units.length === 0) return;
  await db.insert(refundLines).values(
    units.map((unit) => ({
      paymentTransactionId: unit.paymentTransactionId,
      transactionProductId: unit.lineId,
      quantity: unit.quantity,
    })),
  );
  const perLine = new Map<number, number>();
  for (const unit of units) perLine.set(unit.lineId, (perLine.get(unit.lineId) ?? 0) + unit.quantity);
  // One line after another: a transaction's queries share its one connection.
  for (const [lineId, quantity] of perLine) {
    await raiseRefundedQuantity(db, lineId, quantity);
  }
}
