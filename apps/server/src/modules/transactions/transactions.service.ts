import {
  TRANSACTION_EXPORT_MAX_ROWS,
  type TTransactionFilters,
  type TTransactionList,
  type TTransactionTotals,
  type ZExportTransactionsQuery,
  type ZListTransactionsQuery,
} from '@vitrina/contract';
import type { z } from 'zod';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { type ExportColumn, exportTable, type FileAnswer } from '../../lib/table-export.js';
import { decodeSaleCursor, encodeSaleCursor } from './sale-cursor.js';
import * as repo from './transactions.repository.js';

type ListQuery = z.output<typeof ZListTransactionsQuery>;
type ExportQuery = z.output<typeof ZExportTransactionsQuery>;

function filtersOf(actor: UserActor, query: TTransactionFilters): repo.SaleFilters {
  return { ...query, orgIds: actor.scope.visibleIds };
}

export async function listTransactions(
  ctx: ServiceContext,
  actor: UserActor,
  query: ListQuery,
): Promise<TTransactionList> {
  const { cursor, per_page, ...filters } = query;
  // One row more than the page tells whether another page follows.
  const rows = await repo.listSales(ctx.db, filtersOf(actor, filters), {
    afterId: decodeSaleCursor(cursor),
    limit: per_page + 1,
  });
  const items = rows.slice(0, per_page).map(repo.toListItem);
  const last = items.at(-1);
  return {
    items,
    next_cursor: rows.length > per_page && last ? encodeSaleCursor(last.id) : null,
  };
}

export function transactionTotals(
  ctx: ServiceContext,
  actor: UserActor,
  query: TTransactionFilters,
): Promise<TTransactionTotals> {
  return repo.totalsOfSales(ctx.db, filtersOf(actor, query));
}

const major = (minor: number) => minor / 100;

/** Codes stay the §4 numbers, so a spreadsheet filters by them whatever the reader's language. */
const EXPORT_COLUMNS: readonly ExportColumn<repo.SaleListRow>[] = [
  { header: 'id', value: (row) => row.id, width: 10 },
  { header: 'opened_at', value: (row) => row.openedAt, width: 18 },
  { header: 'closed_at', value: (row) => row.closedAt, width: 18 },
  { header: 'org_id', value: (row) => row.orgId, width: 8 },
  { header: 'micromarket_id', value: (row) => row.micromarketId, width: 10 },
  { header: 'micromarket', value: (row) => row.micromarketName, width: 24 },
  { header: 'customer_id', value: (row) => row.customerId, width: 10 },
  { header: 'customer', value: (row) => row.customerName, width: 24 },
  { header: 'client_type', value: (row) => row.clientType, width: 8 },
  { header: 'payment_type', value: (row) => row.paymentType, width: 8 },
  { header: 'status', value: (row) => row.status, width: 8 },
  { header: 'payment_status', value: (row) => row.paymentStatus, width: 8 },
  { header: 'currency', value: (row) => row.currency, width: 8 },
  { header: 'amount', value: (row) => major(row.amountMinor), width: 12 },
  { header: 'paid', value: (row) => major(row.paidMinor), width: 12 },
  { header: 'refunded', value: (row) => major(row.refundedMinor), width: 12 },
  { header: 'bonuses_used', value: (row) => major(row.bonusesUsedMinor), width: 12 },
];

export async function exportTransactions(
  ctx: ServiceContext,
  actor: UserActor,
  query: ExportQuery,
): Promise<FileAnswer> {
  const { format, ...filters } = query;
  const rows = await repo.listSalesForExport(ctx.db, filtersOf(actor, filters), TRANSACTION_EXPORT_MAX_ROWS);
  const date = ctx.clock.now().toISOString().slice(0, 10);
  return exportTable({ name: `transactions-${date}`, format, columns: EXPORT_COLUMNS, rows });
}
