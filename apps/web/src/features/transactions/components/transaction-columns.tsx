import type { TTransactionListItem } from '@vitrina/contract';
import { Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { formatDateUtc } from '../../../lib/format';
import { PaymentStatusTag, StatusTag, type useCodeTexts } from './codes';

type Options = {
  t: TFunction;
  money: (minor: number, currency: string) => string;
  codes: ReturnType<typeof useCodeTexts>;
  canPay: boolean;
  isCompact: boolean;
};

export function buildTransactionColumns({
  t,
  money,
  codes,
  canPay,
  isCompact,
}: Options): ColumnsType<TTransactionListItem> {
  const columns: ColumnsType<TTransactionListItem> = [
    {
      key: 'id',
      title: t('transactions.columns.id'),
      render: (_, row) => <Link to={`/device/transaction/${row.id}`}>{`#${row.id}`}</Link>,
    },
    { key: 'opened_at', title: t('transactions.columns.opened_at'), render: (_, row) => formatDateUtc(row.opened_at) },
    { key: 'micromarket', title: t('fields.micromarket'), render: (_, row) => row.micromarket_name },
    {
      key: 'customer',
      title: t('transactions.columns.customer'),
      // The client type under the name: a column of its own pushed the amounts off a laptop's width.
      render: (_, row) => (
        <>
          {row.customer_name ?? ''}
          <div className="muted" style={{ fontSize: 12 }}>
            {codes.clientType(row.client_type)}
          </div>
        </>
      ),
    },
    {
      key: 'payment_type',
      title: t('transactions.columns.payment_type'),
      render: (_, row) => codes.paymentType(row.payment_type),
    },
    { key: 'status', title: t('transactions.columns.status'), render: (_, row) => <StatusTag status={row.status} /> },
    {
      key: 'payment_status',
      title: t('transactions.columns.payment_status'),
      render: (_, row) => (
        <Space size={4}>
          <PaymentStatusTag status={row.payment_status} />
          {row.is_test && <Tag>{t('transactions.test')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'amount',
      title: t('transactions.columns.amount'),
      align: 'right',
      render: (_, row) => money(row.amount_minor, row.currency),
    },
    {
      key: 'paid',
      title: t('transactions.columns.paid'),
      align: 'right',
      render: (_, row) => money(row.paid_minor, row.currency),
    },
    {
      key: 'refunded',
      title: t('transactions.columns.refunded'),
      align: 'right',
      render: (_, row) => (row.refunded_minor > 0 ? money(row.refunded_minor, row.currency) : '—'),
    },
    {
      key: 'actions',
      title: t('transactions.columns.actions'),
      render: (_, row) => (
        <Space size={8}>
          <Link to={`/device/transaction/${row.id}`}>{t('transactions.open')}</Link>
          {canPay && <Link to={`/device/transaction/payment/${row.id}`}>{t('transactions.payment_page')}</Link>}
        </Space>
      ),
    },
  ];
  // A phone shows what tells sales apart; the card has the rest.
  const compact = new Set(['id', 'opened_at', 'status', 'payment_status', 'amount']);
  return isCompact ? columns.filter((column) => compact.has(String(column.key))) : columns;
}
