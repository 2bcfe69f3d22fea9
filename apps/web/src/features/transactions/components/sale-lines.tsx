import type { TTransactionCard } from '@vitrina/contract';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMoney } from './use-money';

type Line = TTransactionCard['lines'][number];

/** What the sale sold, with prices frozen at the sale; an operator's change is marked. */
export function SaleLines({ sale }: { sale: TTransactionCard }) {
  const { t } = useTranslation();
  const money = useMoney();
  const amount = (minor: number) => money(minor, sale.currency);
  return (
    <Table<Line>
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={sale.lines}
      locale={{ emptyText: t('transactions.lines.empty') }}
      columns={[
        {
          key: 'product',
          title: t('transactions.lines.product'),
          render: (_, line) => (
            <>
              {line.name}
              {line.is_corrected && (
                <Tag color="orange" style={{ marginInlineStart: 8 }}>
                  {t('transactions.lines.corrected')}
                </Tag>
              )}
            </>
          ),
        },
        {
          key: 'source',
          title: t('transactions.lines.source'),
          render: (_, line) => t(`transactions.source.${line.source}`),
        },
        {
          key: 'tag',
          title: t('transactions.lines.tag'),
          render: (_, line) => (line.tag_code ? <code style={{ fontSize: 12 }}>{line.tag_code}</code> : '—'),
        },
        {
          key: 'quantity',
          title: t('transactions.lines.quantity'),
          align: 'right',
          render: (_, line) => line.quantity,
        },
        ...(sale.lines.some((line) => line.refunded_quantity > 0)
          ? [
              {
                key: 'refunded',
                title: t('transactions.lines.refunded'),
                align: 'right' as const,
                render: (_: unknown, line: Line) => line.refunded_quantity || '—',
              },
            ]
          : []),
        {
          key: 'list_price',
          title: t('transactions.lines.list_price'),
          align: 'right',
          render: (_, line) => amount(line.list_price_minor),
        },
        {
          key: 'price',
          title: t('transactions.lines.price'),
          align: 'right',
          render: (_, line) => amount(line.price_minor),
        },
        { key: 'sum', title: t('transactions.lines.sum'), align: 'right', render: (_, line) => amount(line.sum_minor) },
      ]}
    />
  );
}
