import { keepPreviousData } from '@tanstack/react-query';
import { api, PAGE_SIZE_DEFAULT, type TStorageBatch } from '@vitrina/contract';
import { Empty, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BatchCountsBar, BatchStatusTag } from '../../../components/catalogue-tags';
import { LoadError } from '../../../components/load-error';
import { useEndpoint } from '../../../lib/endpoint-query';
import { formatDateUtc } from '../../../lib/format';

export function ProductBatchesTab({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const batches = useEndpoint(
    api.tag.storageList,
    { query: { product_id: productId, page, per_page: PAGE_SIZE_DEFAULT } },
    { placeholderData: keepPreviousData },
  );
  if (batches.isError) return <LoadError onRetry={() => batches.refetch()} />;
  return (
    <Table<TStorageBatch>
      rowKey="id"
      size="small"
      className="data-table"
      scroll={{ x: 'max-content' }}
      loading={batches.isFetching}
      dataSource={batches.data?.items}
      locale={{ emptyText: batches.isPending ? ' ' : <Empty description={t('products.no_batches')} /> }}
      pagination={{ current: page, total: batches.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      columns={[
        {
          key: 'id',
          title: t('catalogue.batch'),
          render: (_, batch) => <Link to={`/product/tags?batch_id=${batch.id}`}>{`#${batch.id}`}</Link>,
        },
        { key: 'created_at', title: t('fields.created'), render: (_, batch) => formatDateUtc(batch.created_at) },
        { key: 'created_by', title: t('catalogue.created_by'), render: (_, batch) => batch.created_by_name ?? '—' },
        {
          key: 'store_up_to',
          title: t('catalogue.store_up_to'),
          render: (_, batch) => formatDateUtc(batch.store_up_to),
        },
        { key: 'total', title: t('catalogue.total'), align: 'right', dataIndex: 'total' },
        {
          key: 'counts',
          title: t('catalogue.by_status'),
          render: (_, batch) => <BatchCountsBar counts={batch.counts} total={batch.total} />,
        },
        { key: 'status', title: t('fields.status'), render: (_, batch) => <BatchStatusTag status={batch.status} /> },
      ]}
    />
  );
}
