import type { TSaleRefund, TTransactionCard } from '@vitrina/contract';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateUtc } from '../../../lib/format';
import { LedgerStatusTag } from './codes';
import { useMoney } from './use-money';

/** Who refunded what, when and why, and how each refund ended. */
export function SaleRefunds({ sale }: { sale: TTransactionCard }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Table<TSaleRefund>
      rowKey={(refund) => refund.payment_ids.join('-')}
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={sale.refunds}
      // What and why first: on a phone they are the columns in view.
      columns={[
        {
          key: 'what',
          title: t('transactions.refunds.what'),
          render: (_, refund) =>
            refund.lines.length === 0
              ? t('transactions.refunds.by_amount')
              : refund.lines.map((line) => (
                  <div key={line.line_id}>
                    {t('transactions.refunds.line', { name: line.name, quantity: line.quantity })}
                  </div>
                )),
        },
        {
          key: 'reason',
          title: t('transactions.refunds.reason'),
          // A long reason wraps instead of widening the table.
          render: (_, refund) => (
            <div style={{ maxWidth: 320, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {refund.reason ?? '—'}
            </div>
          ),
        },
        {
          key: 'amount',
          title: t('transactions.refunds.amount'),
          align: 'right',
          render: (_, refund) => money(refund.amount_minor, sale.currency),
        },
        {
          key: 'status',
          title: t('transactions.refunds.status'),
          render: (_, refund) => <LedgerStatusTag status={refund.status} />,
        },
        { key: 'by', title: t('transactions.refunds.by'), render: (_, refund) => refund.by_name ?? '—' },
        { key: 'at', title: t('transactions.refunds.at'), render: (_, refund) => formatDateUtc(refund.at) },
      ]}
    />
  );
}
