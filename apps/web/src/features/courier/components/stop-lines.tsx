import type { TPlanLine } from '@vitrina/contract';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Only what the courier brings and takes out at the stop, product by product. */
export function StopLines({ lines, isLoading }: { lines: TPlanLine[] | undefined; isLoading: boolean }) {
  const { t } = useTranslation();
  return (
    <Table<TPlanLine>
      size="small"
      rowKey="product_id"
      pagination={false}
      loading={isLoading}
      dataSource={lines}
      locale={{ emptyText: t('courier.nothing_to_do') }}
      columns={[
        { key: 'product', title: t('courier.product'), dataIndex: 'product_name' },
        {
          key: 'bring',
          title: t('courier.bring'),
          align: 'right',
          render: (_, line) => (line.bring > 0 ? <Tag color="blue">+{line.bring}</Tag> : '—'),
        },
        {
          key: 'take_out',
          title: t('courier.take_out'),
          align: 'right',
          render: (_, line) => (line.expiring > 0 ? <Tag color="red">−{line.expiring}</Tag> : '—'),
        },
      ]}
    />
  );
}
