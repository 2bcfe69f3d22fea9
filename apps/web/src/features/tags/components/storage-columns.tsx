import type { TStorageBatch } from '@vitrina/contract';
import type { ColumnsType } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { BatchCountsBar, BatchStatusTag } from '../../../components/catalogue-tags';
import { formatDateUtc } from '../../../lib/format';

export function buildStorageColumns({ t }: { t: TFunction }): ColumnsType<TStorageBatch> {
  return [
    {
      key: 'id',
      title: t('catalogue.batch'),
      render: (_, batch) => (
        <Link to={`/product/tags?batch_id=${batch.id}`} aria-label={t('tags.storage.open_tags', { id: batch.id })}>
          {`#${batch.id}`}
        </Link>
      ),
    },
    {
      key: 'product',
      title: t('fields.product'),
      render: (_, batch) => <Link to={`/product/${batch.product_id}`}>{batch.product_name}</Link>,
    },
    { key: 'created_at', title: t('fields.created'), render: (_, batch) => formatDateUtc(batch.created_at) },
    { key: 'created_by', title: t('catalogue.created_by'), render: (_, batch) => batch.created_by_name ?? '—' },
    { key: 'store_up_to', title: t('catalogue.store_up_to'), render: (_, batch) => formatDateUtc(batch.store_up_to) },
    { key: 'total', title: t('catalogue.total'), align: 'right', dataIndex: 'total' },
    {
      key: 'counts',
      title: t('catalogue.by_status'),
      render: (_, batch) => <BatchCountsBar counts={batch.counts} total={batch.total} />,
    },
    { key: 'status', title: t('fields.status'), render: (_, batch) => <BatchStatusTag status={batch.status} /> },
  ];
}
