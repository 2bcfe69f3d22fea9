import type { TTransactionCard } from '@vitrina/contract';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateUtc } from '../../../lib/format';
import { LedgerStatusTag, useCodeTexts } from './codes';
import { useMoney } from './use-money';

type Payment = TTransactionCard['payments'][number];

/** The sale's payment transactions (the ledger): holds, captures, charges and refunds. */
export function SalePayments({ payments }: { payments: Payment[] }) {
  const { t } = useTranslation();
  const money = useMoney();
  const codes = useCodeTexts();
  return (
    <Table<Payment>
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={payments}
      locale={{ emptyText: t('transactions.ledger.empty') }}
      columns={[
        { key: 'id', title: '#', render: (_, row) => row.id },
        {
          key: 'operation',
          title: t('transactions.ledger.operation'),
          render: (_, row) => t(`transactions.operation.${row.operation}`),
        },
        {
          key: 'type',
          title: t('transactions.ledger.type'),
          render: (_, row) => <Tag color={row.type === 2 ? 'volcano' : 'default'}>{codes.ledgerType(row.type)}</Tag>,
        },
        {
          key: 'status',
          title: t('transactions.ledger.status'),
          render: (_, row) => <LedgerStatusTag status={row.status} />,
        },
        {
          key: 'amount',
          title: t('transactions.ledger.amount'),
          align: 'right',
          render: (_, row) => money(row.amount_minor, row.currency),
        },
        {
          key: 'reference',
          title: t('transactions.ledger.reference'),
          render: (_, row) => (row.provider_reference ? <code>{row.provider_reference}</code> : '—'),
        },
        {
          key: 'error',
          title: t('transactions.ledger.error'),
          render: (_, row) => row.error_message ?? row.error_code ?? '—',
        },
        { key: 'created', title: t('transactions.ledger.created'), render: (_, row) => formatDateUtc(row.created_at) },
      ]}
    />
  );
}
