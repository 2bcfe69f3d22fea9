import { REPORT_MAX_DAYS, type TDashboardSales, type TSalesReport, type TWriteOffReport } from '@vitrina/contract';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { badRequest } from '../../lib/errors.js';
import { type ExportColumn, type ExportFormat, exportTable, type FileAnswer } from '../../lib/table-export.js';
import * as repo from './reports.repository.js';
import { daysBetween, flushSaleRollups, saleDay } from './rollups.js';

type PeriodQuery = { from: string; to: string; org_id?: number; micromarket_id?: number };
type SalesQuery = PeriodQuery & { group_by: TSalesReport['group_by'] };

const DAY_MS = 86_400_000;

/** The filter of a report, inside the caller's organisations. */
function reportFilter(actor: UserActor, query: PeriodQuery): repo.ReportFilter {
  const span = (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS;
  if (!(span >= 0 && span < REPORT_MAX_DAYS)) throw badRequest('validation.report_period');
  if (query.org_id !== undefined) actor.scope.assertVisible(query.org_id);
  const orgIds = query.org_id !== undefined ? [query.org_id] : actor.scope.visibleIds;
  return {
    from: query.from,
    to: query.to,
    orgIds,
    ...(query.micromarket_id !== undefined ? { micromarketId: query.micromarket_id } : {}),
  };
}

const withMargin = <T extends { revenue: number; refunds: number; cost: number }>(row: T) => ({
  ...row,
  margin: row.revenue - row.refunds - row.cost,
});

export async function salesReport(ctx: ServiceContext, actor: UserActor, query: SalesQuery): Promise<TSalesReport> {
  const filter = reportFilter(actor, query);
  await flushSaleRollups(ctx.db, filter.orgIds ?? undefined);
  const [rows, totals] = await Promise.all([
    repo.salesByGroup(ctx.db, filter, query.group_by),
    repo.salesTotals(ctx.db, filter),
  ]);
  return { group_by: query.group_by, rows: rows.map(withMargin), totals: withMargin(totals) };
}

const SALES_COLUMNS: ExportColumn<TSalesReport['rows'][number]>[] = [
  { header: 'Group', value: (row) => row.label || row.key, width: 28 },
  { header: 'Sales', value: (row) => row.sales },
  { header: 'Items', value: (row) => row.items },
  { header: 'Revenue', value: (row) => row.revenue / 100 },
  { header: 'Refunds', value: (row) => row.refunds / 100 },
  { header: 'Cost', value: (row) => row.cost / 100 },
  { header: 'Margin', value: (row) => row.margin / 100 },
];

/** The report as a file; money in major units, a totals row last. */
export async function exportSalesReport(
  ctx: ServiceContext,
  actor: UserActor,
  query: SalesQuery & { format: ExportFormat },
): Promise<FileAnswer> {
  const report = await salesReport(ctx, actor, query);
  const rows = [...report.rows, { key: 'total', label: 'Total', ...report.totals }];
  return exportTable({
    name: `sales-${query.group_by}-${query.from}-${query.to}`,
    format: query.format,
    columns: SALES_COLUMNS,
    rows,
  });
}

export async function writeOffReport(
  ctx: ServiceContext,
  actor: UserActor,
  query: PeriodQuery,
): Promise<TWriteOffReport> {
  const rows = await repo.writeOffs(ctx.db, reportFilter(actor, query));
  const totals = rows.reduce((sum, row) => ({ items: sum.items + row.items, cost: sum.cost + row.cost }), {
    items: 0,
    cost: 0,
  });
  return { rows, totals };
}

/** Today, the last 7 and the last 30 UTC days (today included), net of refunds. */
export async function dashboardSales(ctx: ServiceContext, actor: UserActor): Promise<TDashboardSales> {
  const today = saleDay(ctx.clock.now());
  const from = saleDay(new Date(Date.parse(today) - 29 * DAY_MS));
  await flushSaleRollups(ctx.db, actor.scope.visibleIds ?? undefined);
  const perDay = new Map(
    (await repo.salesPerDay(ctx.db, { from, to: today, orgIds: actor.scope.visibleIds })).map((row) => [row.day, row]),
  );
  const days = daysBetween(from, today).map((day) => perDay.get(day) ?? { day, revenue: 0, items: 0 });
  const sum = (last: number) =>
    days.slice(-last).reduce((acc, row) => ({ revenue: acc.revenue + row.revenue, items: acc.items + row.items }), {
      revenue: 0,
      items: 0,
    });
  return { today: sum(1), week: sum(7), month: sum(30), days };
}
