import { WalletOutlined } from '@ant-design/icons';
import type { TTransactionListItem } from '@vitrina/contract';
import { Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateUtc } from '../../../lib/format';
import { PaymentStatusTag, RefundStateTag, StatusTag, type useCodeTexts } from './codes';

type Options = {
  t: TFunction;
  money: (minor: number, currency: string) => string;
  codes: ReturnType<typeof useCodeTexts>;
  canPay: boolean;
  isCompact: boolean;
};

/**
 * A value with a muted second line: ten columns side by side pushed the amounts off a
 * laptop's width, so what belongs together shares a cell (client type under the customer,
 * payment type under the micromarket, paid and refunded under the amount).
 */
function Stacked({ children, below }: { children: ReactNode; below: ReactNode }) {
  return (
    <>
      {children}
      {below && (
        <div className="muted" style={{ fontSize: 12 }}>
          {below}
        </div>
      )}
    </>
  );
}

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
      render: (_, row) => {
        const link = <Link to={`/device/transaction/${row.id}`}>{`#${row.id}`}</Link>;
        // A phone has room for two columns: the payment and refund states go under the number.
        if (!isCompact) return link;
        return (
          <Stacked
            below={
              <Space size={4} wrap>
                <PaymentStatusTag status={row.payment_status} />
                <RefundStateTag state={row.refund_state} />
              </Space>
            }
          >
            {link}
          </Stacked>
        );
      },
    },
    {
      key: 'opened_at',
      title: t('transactions.columns.opened_at'),
      render: (_, row) => {
        const [day, ...time] = formatDateUtc(row.opened_at).split(' ');
        return <Stacked below={time.join(' ')}>{day}</Stacked>;
      },
    },
    {
      key: 'micromarket',
      title: t('fields.micromarket'),
      render: (_, row) => <Stacked below={codes.paymentType(row.payment_type)}>{row.micromarket_name}</Stacked>,
    },
    {
      key: 'customer',
      title: t('transactions.columns.customer'),
      render: (_, row) => <Stacked below={codes.clientType(row.client_type)}>{row.customer_name ?? ''}</Stacked>,
    },
    {
      // The sale's status and its payment's share one cell, so the amount fits beside them.
      key: 'payment_status',
      title: t('transactions.columns.payment_status'),
      render: (_, row) => (
        <Space size={4} wrap>
          <PaymentStatusTag status={row.payment_status} />
          <RefundStateTag state={row.refund_state} />
          {!isCompact && <StatusTag status={row.status} />}
          {row.is_test && <Tag>{t('transactions.test')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'amount',
      title: t('transactions.columns.amount'),
      align: 'right',
      render: (_, row) => {
        const below = [
          row.paid_minor === row.amount_minor
            ? null
            : `${t('transactions.columns.paid')} ${money(row.paid_minor, row.currency)}`,
          row.refunded_minor > 0
            ? `${t('transactions.columns.refunded')} ${money(row.refunded_minor, row.currency)}`
            : null,
        ].filter(Boolean);
        return <Stacked below={below.join(' · ')}>{money(row.amount_minor, row.currency)}</Stacked>;
      },
    },
  ];
  if (canPay) {
    columns.push({
      key: 'actions',
      title: '',
      // An icon: a word would push the column past a laptop's width.
      render: (_, row) => (
        <Tooltip title={t('transactions.payment_page')}>
          <Link
            to={`/device/transaction/payment/${row.id}`}
            aria-label={`${t('transactions.payment_page')} #${row.id}`}
          >
            <WalletOutlined />
          </Link>
        </Tooltip>
      ),
    });
  }
  // A phone shows what tells sales apart; the card has the rest.
  const compact = new Set(['id', 'amount']);
  return isCompact ? columns.filter((column) => compact.has(String(column.key))) : columns;
}
