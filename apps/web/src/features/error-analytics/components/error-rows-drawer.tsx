import { api, type ErrorCategory, type TErrorRow } from '@vitrina/contract';
import { Drawer, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIsMobile } from '../../../components/use-is-mobile';
import { useEndpoint } from '../../../lib/endpoint-query';
import { formatDateUtc } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { describeKey } from './error-labels';

/**
 * Who it happened to: the customer's name (or phone, when they have no name) with the phone
 * below; a guest for a refusal or a sale without one; nothing for commands and alerts.
 */
function CustomerCell({ row }: { row: TErrorRow }) {
  const { t } = useTranslation();
  if (row.customer_id === null)
    return row.category === 'refusal' || row.transaction_id !== null ? t('error_analytics.guest') : '—';
  const name = row.customer_name ?? row.customer_phone ?? `#${row.customer_id}`;
  return (
    <>
      {name}
      {row.customer_name && row.customer_phone && <div className="muted">{row.customer_phone}</div>}
    </>
  );
}

export type Drill = { category: ErrorCategory; key?: string; title: string };

const PAGE = 20;

/** The rows behind one number of the analytics, newest first, paged. */
export function ErrorRowsDrawer(props: {
  drill: Drill | null;
  scope: { from?: string; to?: string; org_id?: number; micromarket_id?: number };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const isMobile = useIsMobile();
  const [page, setPage] = useState(1);
  const { drill } = props;
  const rows = useEndpoint(
    api.errorAnalytics.rows,
    drill ? { query: { ...props.scope, category: drill.category, key: drill.key, page, per_page: PAGE } } : undefined,
    { enabled: drill !== null },
  );
  const columns: ColumnsType<TErrorRow> = [
    { key: 'at', title: t('error_analytics.time'), render: (_, row) => formatDateUtc(row.at) },
    {
      key: 'what',
      title: t('error_analytics.what'),
      render: (_, row) => {
        const label = describeKey(t, locale, row);
        return label.detail ? `${label.what} · ${label.detail}` : label.what;
      },
    },
    {
      key: 'micromarket',
      title: t('error_analytics.micromarket'),
      render: (_, row) =>
        row.micromarket_id ? <Link to={`/device/${row.micromarket_id}`}>{row.micromarket_name}</Link> : '—',
    },
    {
      key: 'customer',
      title: t('error_analytics.customer'),
      render: (_, row) => <CustomerCell row={row} />,
    },
    { key: 'org', title: t('error_analytics.organization'), responsive: ['md'], render: (_, row) => row.org_name },
    {
      key: 'sale',
      title: '',
      render: (_, row) =>
        row.transaction_id ? (
          <Link to={`/device/transaction/${row.transaction_id}`}>
            {t('error_analytics.sale', { id: row.transaction_id })}
          </Link>
        ) : null,
    },
  ];
  return (
    <Drawer
      title={drill?.title ?? ''}
      open={drill !== null}
      onClose={() => {
        setPage(1);
        props.onClose();
      }}
      size={isMobile ? '100%' : 760}
      destroyOnHidden
    >
      <Table<TErrorRow>
        rowKey={(row) => `${row.category}:${row.id}`}
        size="small"
        className="data-table"
        scroll={{ x: 'max-content' }}
        columns={columns}
        dataSource={rows.data?.items}
        loading={rows.isFetching}
        pagination={{
          current: page,
          pageSize: PAGE,
          total: rows.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
      />
    </Drawer>
  );
}
