import { api, type TPlanLine } from '@vitrina/contract';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../components/load-error';
import { useEndpoint } from '../../../../lib/endpoint-query';

/** The planogram's orders tab: the restock this layout asks for now (the plan's lines for this micromarket). */
export function RestockPanel({ micromarketId }: { micromarketId: number }) {
  const { t } = useTranslation();
  const plan = useEndpoint(api.planning.plan, { query: { micromarket_id: micromarketId } });
  if (plan.isError) return <LoadError onRetry={() => plan.refetch()} />;
  const lines = plan.data?.items[0]?.lines ?? [];
  return (
    <Table<TPlanLine>
      size="small"
      rowKey="product_id"
      loading={plan.isFetching}
      pagination={false}
      dataSource={lines.filter((line) => line.bring > 0 || line.expiring > 0)}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('planogram.nothing_to_order') }}
      columns={[
        { key: 'product', title: t('planogram.product'), dataIndex: 'product_name' },
        { key: 'par', title: t('planogram.expected'), dataIndex: 'par', align: 'right' },
        { key: 'stock', title: t('planogram.present'), dataIndex: 'stock', align: 'right' },
        {
          key: 'expiring',
          title: t('planogram.take_out'),
          align: 'right',
          render: (_, line) => (line.expiring > 0 ? <Tag color="red">{line.expiring}</Tag> : 0),
        },
        {
          key: 'bring',
          title: t('planogram.bring'),
          align: 'right',
          render: (_, line) => <strong>{line.bring}</strong>,
        },
      ]}
    />
  );
}
