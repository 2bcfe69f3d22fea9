import { DownloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { api, type ExportFormat, type TAccountingRow, type TMicromarket } from '@vitrina/contract';
import { Alert, Button, DatePicker, Dropdown, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../components/load-error';
import { downloadEndpoint } from '../../../../lib/download';
import { useEndpoint } from '../../../../lib/endpoint-query';

const DAY = 'YYYY-MM-DD';

/** The row action "accounting": the micromarket's stock reconciled over a period, exportable. */
export function MicromarketAccountingTab({ micromarket }: { micromarket: TMicromarket }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(6, 'day'), dayjs()]);
  const period = { from: range[0].format(DAY), to: range[1].format(DAY) };
  const report = useEndpoint(api.accounting.reconcile, { params: { id: micromarket.id }, query: period });
  const download = useMutation({
    mutationFn: (format: ExportFormat) =>
      downloadEndpoint(
        api.accounting.export,
        { params: { id: micromarket.id }, query: { ...period, format } },
        `accounting.${format}`,
      ),
  });
  if (report.isError) return <LoadError onRetry={() => report.refetch()} />;
  const totals = report.data?.totals;
  const number = (key: keyof Omit<TAccountingRow, 'product_id' | 'product_name'>, title: string) => ({
    key,
    title,
    align: 'right' as const,
    render: (_: unknown, row: TAccountingRow) => row[key] ?? '—',
  });
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <Space wrap>
        <DatePicker.RangePicker
          aria-label={t('accounting.period')}
          allowClear={false}
          value={range}
          onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
        />
        <Dropdown
          menu={{
            items: [
              { key: 'xlsx', label: 'XLSX' },
              { key: 'csv', label: 'CSV' },
            ],
            onClick: ({ key }) => download.mutate(key as ExportFormat),
          }}
        >
          <Button icon={<DownloadOutlined />} loading={download.isPending}>
            {t('accounting.export')}
          </Button>
        </Dropdown>
      </Space>
      {report.data && (
        <Alert
          type={report.data.scanned_at ? 'info' : 'warning'}
          showIcon
          message={
            report.data.scanned_at
              ? t('accounting.scanned_at', { when: dayjs(report.data.scanned_at).format('YYYY-MM-DD HH:mm') })
              : t('accounting.no_scan')
          }
        />
      )}
      <Table<TAccountingRow>
        size="small"
        rowKey="product_id"
        loading={report.isFetching}
        dataSource={report.data?.items}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('accounting.empty') }}
        columns={[
          { key: 'product', title: t('accounting.product'), dataIndex: 'product_name' },
          number('opening', t('accounting.opening')),
          number('loaded', t('accounting.loaded')),
          number('sold', t('accounting.sold')),
          number('returned', t('accounting.returned')),
          number('written_off', t('accounting.written_off')),
          number('expected', t('accounting.expected')),
          number('counted', t('accounting.counted')),
          {
            key: 'missing',
            title: t('accounting.missing'),
            align: 'right',
            render: (_, row) =>
              row.missing === null ? (
                '—'
              ) : (
                <strong style={{ color: row.missing > 0 ? '#cf1322' : undefined }}>{row.missing}</strong>
              ),
          },
        ]}
        summary={() =>
          totals && (report.data?.items.length ?? 0) > 0 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>
                <strong>{t('accounting.total')}</strong>
              </Table.Summary.Cell>
              {(
                ['opening', 'loaded', 'sold', 'returned', 'written_off', 'expected', 'counted', 'missing'] as const
              ).map((key, index) => (
                <Table.Summary.Cell key={key} index={index + 1} align="right">
                  <strong>{totals[key] ?? '—'}</strong>
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          ) : null
        }
      />
    </div>
  );
}
