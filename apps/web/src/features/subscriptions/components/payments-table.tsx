import {
  api,
  SUBSCRIPTION_PAYMENT_STATUS,
  SUBSCRIPTION_PAYMENT_TYPE,
  type TSubscriptionPayment,
} from '@vitrina/contract';
import { DatePicker, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { useEndpoint } from '../../../lib/endpoint-query';
import { money } from './money';

const STATUS_COLOR: Record<number, string> = { 0: 'blue', 1: 'green', 2: 'red', 3: 'default' };

/** Subscription payments: month, type, status, amount, invoice. */
export function PaymentsTable(props: {
  items: TSubscriptionPayment[];
  total: number;
  page: number;
  isLoading: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const keyOf = (table: readonly { code: number; key: string }[], code: number) =>
    table.find((row) => row.code === code)?.key ?? String(code);
  return (
    <Table<TSubscriptionPayment>
      rowKey="id"
      size="small"
      scroll={{ x: 640 }}
      loading={props.isLoading}
      dataSource={props.items}
      pagination={{ current: props.page, total: props.total, pageSize: 20, onChange: props.onPage }}
      columns={[
        { title: t('subscriptions.month'), dataIndex: 'period_month', render: (v: string) => v.slice(0, 7) },
        {
          title: t('subscriptions.type'),
          dataIndex: 'type',
          render: (v: number) => t(`subscriptions.types.${keyOf(SUBSCRIPTION_PAYMENT_TYPE, v)}`),
        },
        {
          title: t('subscriptions.status'),
          dataIndex: 'status',
          render: (v: number) => (
            <Tag color={STATUS_COLOR[v]}>{t(`subscriptions.statuses.${keyOf(SUBSCRIPTION_PAYMENT_STATUS, v)}`)}</Tag>
          ),
        },
        {
          title: t('subscriptions.amount'),
          dataIndex: 'amount_minor',
          align: 'right',
          render: (v: number, row) => money(v, row.currency),
        },
        { title: t('subscriptions.devices_count'), dataIndex: 'micromarket_ids', render: (v: number[]) => v.length },
        { title: t('subscriptions.invoice'), dataIndex: 'invoice_number', render: (v: string | null) => v ?? '—' },
      ]}
    />
  );
}

/** The subscription payments the caller may see, of one organisation when `orgId` is given, paged. */
export function PaymentsList({ orgId }: { orgId?: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<number | undefined>();
  const [type, setType] = useState<number | undefined>();
  const [month, setMonth] = useState<string | undefined>();
  const list = useEndpoint(api.subscription.payments, {
    query: { org_id: orgId, status, type, month, page, per_page: 20 },
  });
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select
          allowClear
          aria-label={t('subscriptions.status')}
          placeholder={t('subscriptions.status')}
          style={{ minWidth: 150 }}
          value={status}
          onChange={filter(setStatus)}
          options={SUBSCRIPTION_PAYMENT_STATUS.map((row) => ({
            value: row.code,
            label: t(`subscriptions.statuses.${row.key}`),
          }))}
        />
        <Select
          allowClear
          aria-label={t('subscriptions.type')}
          placeholder={t('subscriptions.type')}
          style={{ minWidth: 150 }}
          value={type}
          onChange={filter(setType)}
          options={SUBSCRIPTION_PAYMENT_TYPE.map((row) => ({
            value: row.code,
            label: t(`subscriptions.types.${row.key}`),
          }))}
        />
        <DatePicker
          picker="month"
          aria-label={t('subscriptions.month')}
          placeholder={t('subscriptions.month')}
          onChange={(value) => filter(setMonth)(value ? value.format('YYYY-MM') : undefined)}
        />
      </Space>
      {list.isError ? (
        <LoadError onRetry={() => void list.refetch()} />
      ) : (
        <PaymentsTable
          items={list.data?.items ?? []}
          total={list.data?.total ?? 0}
          page={page}
          isLoading={list.isLoading}
          onPage={setPage}
        />
      )}
    </Space>
  );
}
