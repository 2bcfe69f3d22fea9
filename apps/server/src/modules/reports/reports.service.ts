import {
  REPORT_MAX_DAYS,
  type ReportSort,
  type TSalesReport,
  type TSalesReportRow,
  type TWriteOffReport,
} from '@vitrina/contract';
import type { ServiceContext } from '../../lib/context.js';
import { badRequest } from '../../lib/errors.js';
import type { OrgScope } from '../../lib/org-scope.js';
import { type ExportColumn, type ExportFormat, exportTable, type FileAnswer } from '../../lib/table-export.js';
import { arrangeRows, currencyOrder } from './report-rows.js';
import * as repo from './reports.repository.js';
import { flushSaleRollups } from './rollups.js';

type PeriodQuery = { from: string; to: string; org_id?: number | undefined; micromarket_id?: number | undefined };
export type SalesQuery = PeriodQuery & {
  group_by: TSalesReport['group_by'];
  sort?: ReportSort | undefined;
  top?: number | undefined;
};

/**
 * Who reads a report: a signed-in user, or the owner of a scheduled report when its job sends
 * it (their scope and currency as they are at that moment).
 */
export type ReportReader = { scope: OrgScope; currency: string };

const DAY_MS = 86_400_000;

/** The filter of a report, inside the reader's organisations (`orgIds`: a scheduled report's choice). */
export function reportFilter(reader: ReportReader, query: PeriodQuery, orgIds?: number[]): repo.ReportFilter {
  const span = (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS;
  if (!(span >= 0 && span < REPORT_MAX_DAYS)) throw badRequest('validation.report_period');
  if (query.org_id !== undefined) reader.scope.assertVisible(query.org_id);
  return {
    from: query.from,
    to: query.to,
    orgIds: query.org_id !== undefined ? [query.org_id] : (orgIds ?? reader.scope.visibleIds),
    ...(query.micromarket_id !== undefined ? { micromarketId: query.micromarket_id } : {}),
  };
}

const withMargin = <T extends { revenue: number; refunds: number; cost: number }>(row: T) => ({
  ...row,
  margin: row.revenue - row.refunds - row.cost,
});

/** The sales report: rows per group and currency, sorted within each currency, and totals per currency. */
export async function salesReport(
  ctx: ServiceContext,
  reader: ReportReader,
  query: SalesQuery,
  orgIds?: number[],
): Promise<TSalesReport> {
  const filter = reportFilter(reader, query, orgIds);
  await flushSaleRollups(ctx.db, filter.orgIds ?? undefined);
  const [rows, totals] = await Promise.all([
    repo.salesByGroup(ctx.db, filter, query.group_by),
    repo.salesTotals(ctx.db, filter),
  ]);
  const arranged = arrangeRows(rows.map(withMargin), {
    sort: query.sort ?? 'key',
    top: query.top,
    groupBy: query.group_by,
    ownCurrency: reader.currency,
  });
  const order = currencyOrder(reader.currency);
  return {
    group_by: query.group_by,
    rows: arranged,
    totals: totals.map(withMargin).sort((a, b) => order(a.currency, b.currency)),
  };
}

/** A report row or a currency's totals row, as a line of the file. */
export type SalesLine = Omit<TSalesReportRow, 'key'> & { key: string };

export const SALES_COLUMNS: ExportColumn<SalesLine>[] = [
  { header: 'Group', value: (row) => row.label || row.key, width: 28 },
  { header: 'Currency', value: (row) => row.currency, width: 10 },
  { header: 'Sales', value: (row) => row.sales },
  { header: 'Items', value: (row) => row.items },
  { header: 'Revenue', value: (row) => row.revenue / 100 },
  { header: 'Refunds', value: (row) => row.refunds / 100 },
  { header: 'Cost', value: (row) => row.cost / 100 },
  { header: 'Margin', value: (row) => row.margin / 100 },
];

/** The rows, then a totals row per currency (money in major units, the currency beside it). */
export function salesLines(report: TSalesReport): SalesLine[] {
  return [...report.rows, ...report.totals.map((total) => ({ key: 'total', label: 'Total', ...total }))];
}

/** The report as a file; money in major units with its currency, a totals row per currency last. */
export async function exportSalesReport(
  ctx: ServiceContext,
  reader: ReportReader,
  query: SalesQuery & { format: ExportFormat },
): Promise<FileAnswer> {
  const report = await salesReport(ctx, reader, query);
  return exportTable({
    name: `sales-${query.group_by}-${query.from}-${query.to}`,
    format: query.format,
    columns: SALES_COLUMNS,
    rows: salesLines(report),
  });
}

export async function writeOffReport(
  ctx: ServiceContext,
  reader: ReportReader,
  query: PeriodQuery,
): Promise<TWriteOffReport> {
  const rows = await repo.writeOffs(ctx.db, reportFilter(reader, query));
  const totals = new Map<string, { currency: string; items: number; cost: number }>();
  for (const row of rows) {
    const total = totals.get(row.currency) ?? { currency: row.currency, items: 0, cost: 0 };
    total.items += row.items;
    total.cost += row.cost;
    totals.set(row.currency, total);
  }
  const order = currencyOrder(reader.currency);
  return { rows, totals: [...totals.values()].sort((a, b) => order(a.currency, b.currency)) };
}
