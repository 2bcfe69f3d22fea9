import { DownloadOutlined } from '@ant-design/icons';
import {
  api,
  REPORT_GROUPINGS,
  type ReportGrouping,
  TRANSACTION_PAYMENT_TYPE,
  type TSalesReport,
} from '@vitrina/contract';
import { Button, Card, DatePicker, Select, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../../components/bar-chart';
import { OrganizationFilter } from '../../../components/list-filters';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { downloadEndpoint } from '../../../lib/download';
import { useEndpoint } from '../../../lib/endpoint-query';

const DAY = 'YYYY-MM-DD';
type Row = TSalesReport['rows'][number];

const money = (minor: number) => (minor / 100).toFixed(2);

export default function ReportListScreen() {
  const { t } = useTranslation();
  const [from, setFrom] = useState(() => dayjs().subtract(29, 'day').format(DAY));
  const [to, setTo] = useState(() => dayjs().format(DAY));
  const [groupBy, setGroupBy] = useState<ReportGrouping>('day');
  const [orgId, setOrgId] = useState<number | undefined>();
  const query = { from, to, group_by: groupBy, ...(orgId ? { org_id: orgId } : {}) };
  const report = useEndpoint(api.report.sales, { query });

  const label = (row: Row) => {
    if (groupBy !== 'payment_type') return row.label || t('reports.unknown');
    const type = TRANSACTION_PAYMENT_TYPE.find((entry) => String(entry.code) === row.key);
    return type ? t(`reports.payment_types.${type.key}`) : row.key;
  };
  const exportAs = (format: 'csv' | 'xlsx') =>
    downloadEndpoint(api.report.salesExport, { query: { ...query, format } }, `sales.${format}`);
  const totals = report.data?.totals;
  const moneyColumn = (key: 'revenue' | 'refunds' | 'cost' | 'margin') => ({
    title: t(`reports.${key}`),
    dataIndex: key,
    align: 'right' as const,
    render: money,
  });

  return (
    <>
      <PageHeader
        title={t('menu.report_list')}
        extra={
          <Space wrap>
            <Button icon={<DownloadOutlined />} onClick={() => exportAs('csv')}>
              CSV
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => exportAs('xlsx')}>
              XLSX
            </Button>
          </Space>
        }
      />
      <Card variant="borderless" className="panel-card">
        <div className="list-filters">
          <DatePicker.RangePicker
            aria-label={t('reports.period')}
            value={[dayjs(from), dayjs(to)]}
            allowClear={false}
            onChange={(range) => {
              if (range?.[0] && range[1]) {
                setFrom(range[0].format(DAY));
                setTo(range[1].format(DAY));
              }
            }}
          />
          <Select<ReportGrouping>
            aria-label={t('reports.group_by')}
            className="list-filters__select"
            value={groupBy}
            onChange={setGroupBy}
            options={REPORT_GROUPINGS.map((value) => ({ value, label: t(`reports.groupings.${value}`) }))}
          />
          <OrganizationFilter value={orgId} onChange={setOrgId} />
        </div>
        {report.isError ? (
          <LoadError onRetry={() => report.refetch()} />
        ) : (
          <>
            <BarChart
              ariaLabel={t('reports.chart')}
              bars={(report.data?.rows ?? []).map((row) => ({
                key: row.key,
                label: label(row),
                value: row.revenue - row.refunds,
              }))}
              format={money}
            />
            <Table<Row>
              rowKey="key"
              size="small"
              loading={report.isPending}
              dataSource={report.data?.rows ?? []}
              pagination={false}
              scroll={{ x: 720 }}
              columns={[
                { title: t(`reports.groupings.${groupBy}`), key: 'label', render: (_, row) => label(row) },
                { title: t('reports.sales'), dataIndex: 'sales', align: 'right' },
                { title: t('reports.items'), dataIndex: 'items', align: 'right' },
                moneyColumn('revenue'),
                moneyColumn('refunds'),
                moneyColumn('cost'),
                moneyColumn('margin'),
              ]}
              summary={() =>
                totals && (
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0}>{t('reports.total')}</Table.Summary.Cell>
                    <Table.Summary.Cell index={1} align="right">
                      {totals.sales}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={2} align="right">
                      {totals.items}
                    </Table.Summary.Cell>
                    {(['revenue', 'refunds', 'cost', 'margin'] as const).map((key, index) => (
                      <Table.Summary.Cell key={key} index={3 + index} align="right">
                        {money(totals[key])}
                      </Table.Summary.Cell>
                    ))}
                  </Table.Summary.Row>
                )
              }
            />
          </>
        )}
      </Card>
    </>
  );
}
