import {
  api,
  REPORT_GROUPINGS,
  type ReportGrouping,
  type ReportSort,
  TRANSACTION_PAYMENT_TYPE,
  type TSalesReportRow,
} from '@vitrina/contract';
import { DatePicker, Select, Table } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../../components/bar-chart';
import { ExportMenu } from '../../../components/export-menu';
import { FILTER_SELECT, OrganizationFilter } from '../../../components/list-filters';
import { LoadError } from '../../../components/load-error';
import { useEndpoint } from '../../../lib/endpoint-query';
import { type ListDefaults, sortOf, sortOrderOf, useListUrl } from '../../../lib/list-query';
import { useMoney } from '../../../lib/money';

const DAY = 'YYYY-MM-DD';
const TOPS = [5, 10, 20, 50, 100] as const;
type MoneyKey = 'revenue' | 'refunds' | 'cost' | 'margin';
const MONEY_KEYS: readonly MoneyKey[] = ['revenue', 'refunds', 'cost', 'margin'];
/** The screen's tab shares the URL with the report's query. */
const NOT_FILTERS = ['tab'] as const;

/** The last 30 days unless the link says otherwise (computed once, so the defaults stay one object). */
const DEFAULTS: ListDefaults<typeof api.report.sales> = {
  from: dayjs().subtract(29, 'day').format(DAY),
  to: dayjs().format(DAY),
};

/**
 * The sales report: period, grouping, organisation, sort and top N live in the URL (a scheduled
 * report's mail links here). Rows come per currency, each sorted on its own; the totals are a
 * row per currency, never one sum of two currencies; each currency has its own chart.
 */
export function SalesReport() {
  const { t } = useTranslation();
  const money = useMoney();
  const { query, update } = useListUrl(api.report.sales, { defaults: DEFAULTS, notFilters: NOT_FILTERS });
  const report = useEndpoint(api.report.sales, { query });
  const groupBy = query.group_by;
  const currencies = report.data?.totals.map((total) => total.currency) ?? [];
  const isMixed = currencies.length > 1;

  const label = (row: Pick<TSalesReportRow, 'key' | 'label'>) => {
    if (groupBy !== 'payment_type') return row.label || t('reports.unknown');
    const type = TRANSACTION_PAYMENT_TYPE.find((entry) => String(entry.code) === row.key);
    return type ? t(`reports.payment_types.${type.key}`) : row.key;
  };
  const sortable = (key: string) => ({ key, sorter: true, sortOrder: sortOrderOf(query.sort, key) });
  const moneyColumn = (key: MoneyKey) => ({
    ...sortable(key),
    title: t(`reports.${key}`),
    dataIndex: key,
    align: 'right' as const,
    render: (value: number, row: TSalesReportRow) => money(value, row.currency),
  });

  return (
    <>
      <div className="list-filters">
        <DatePicker.RangePicker
          // A row of its own on a phone, as a search box has: both dates stay readable.
          className="list-filters__search"
          aria-label={t('reports.period')}
          value={[dayjs(query.from), dayjs(query.to)]}
          allowClear={false}
          onChange={(range) => {
            if (range?.[0] && range[1]) update({ from: range[0].format(DAY), to: range[1].format(DAY) });
          }}
        />
        <Select<ReportGrouping>
          aria-label={t('reports.group_by')}
          className="list-filters__select"
          value={groupBy}
          onChange={(value) => update({ group_by: value, sort: undefined })}
          options={REPORT_GROUPINGS.map((value) => ({ value, label: t(`reports.groupings.${value}`) }))}
        />
        <Select<number | 'all'>
          {...FILTER_SELECT}
          allowClear={false}
          aria-label={t('reports.top')}
          value={query.top ?? 'all'}
          onChange={(value) => update({ top: value === 'all' ? undefined : value })}
          options={[
            { value: 'all', label: t('reports.top_all') },
            ...TOPS.map((count) => ({ value: count, label: t('reports.top_n', { count }) })),
          ]}
        />
        <OrganizationFilter value={query.org_id} onChange={(orgId) => update({ org_id: orgId })} />
        <ExportMenu endpoint={api.report.salesExport} query={query} name={`sales-${groupBy}`} />
      </div>
      {report.isError ? (
        <LoadError onRetry={() => report.refetch()} />
      ) : (
        <>
          {currencies.map((currency) => (
            <figure key={currency} style={{ margin: '0 0 8px' }}>
              {isMixed && (
                <figcaption style={{ fontWeight: 600, margin: '4px 0' }}>
                  {t('reports.chart_in', { currency })}
                </figcaption>
              )}
              <BarChart
                ariaLabel={isMixed ? t('reports.chart_in', { currency }) : t('reports.chart')}
                bars={(report.data?.rows ?? [])
                  .filter((row) => row.currency === currency)
                  .map((row) => ({ key: row.key, label: label(row), value: row.revenue - row.refunds }))}
                format={(value) => money(value, currency)}
              />
            </figure>
          ))}
          <Table<TSalesReportRow>
            rowKey={(row) => `${row.currency}:${row.key}`}
            size="small"
            loading={report.isFetching}
            dataSource={report.data?.rows ?? []}
            pagination={false}
            scroll={{ x: 760 }}
            onChange={(_pagination, _filters, sorter, extra) => {
              if (extra.action === 'sort') update({ sort: (sortOf(sorter) ?? undefined) as ReportSort | undefined });
            }}
            columns={[
              {
                ...sortable(groupBy === 'day' ? 'key' : 'label'),
                title: t(`reports.groupings.${groupBy}`),
                render: (_, row) => label(row),
              },
              ...(isMixed ? [{ key: 'currency', title: t('reports.currency'), dataIndex: 'currency' }] : []),
              { ...sortable('sales'), title: t('reports.sales'), dataIndex: 'sales', align: 'right' as const },
              { ...sortable('items'), title: t('reports.items'), dataIndex: 'items', align: 'right' as const },
              ...MONEY_KEYS.map(moneyColumn),
            ]}
            summary={() =>
              report.data?.totals.map((total) => (
                <Table.Summary.Row key={total.currency}>
                  <Table.Summary.Cell index={0}>
                    {isMixed ? t('reports.total_in', { currency: total.currency }) : t('reports.total')}
                  </Table.Summary.Cell>
                  {isMixed && <Table.Summary.Cell index={1}>{total.currency}</Table.Summary.Cell>}
                  <Table.Summary.Cell index={isMixed ? 2 : 1} align="right">
                    {total.sales}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={isMixed ? 3 : 2} align="right">
                    {total.items}
                  </Table.Summary.Cell>
                  {MONEY_KEYS.map((key, index) => (
                    <Table.Summary.Cell key={key} index={(isMixed ? 4 : 3) + index} align="right">
                      {money(total[key], total.currency)}
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              ))
            }
          />
        </>
      )}
    </>
  );
}
