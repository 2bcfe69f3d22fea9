import { api, STORAGE_BATCH_STATUS, type TStorageBatch } from '@vitrina/contract';
import { Card, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResetFiltersButton } from '../../../components/list-filters';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { ProductPicker } from '../../../components/product-picker';
import { useListQuery } from '../../../lib/list-query';
import { buildStorageColumns } from '../components/storage-columns';

export default function StorageListScreen() {
  const { t } = useTranslation();
  const { query, update, reset, hasFilters, result: batches } = useListQuery(api.tag.storageList);
  const columns = useMemo(() => buildStorageColumns({ t }), [t]);

  return (
    <>
      <PageHeader title={t('menu.storage')} />
      <Card variant="borderless" className="panel-card">
        <div className="list-filters">
          <ProductPicker
            className="list-filters__search"
            aria-label={t('fields.product')}
            value={query.product_id}
            onChange={(value) => update({ product_id: value })}
          />
          <Select
            allowClear
            className="list-filters__select"
            aria-label={t('fields.status')}
            placeholder={t('fields.status')}
            value={query.status}
            onChange={(value?: number) => update({ status: value })}
            options={STORAGE_BATCH_STATUS.map((status) => ({
              value: status.code,
              label: t(`catalogue.batch_status.${status.key}`),
            }))}
            popupMatchSelectWidth={false}
          />
          <ResetFiltersButton isVisible={hasFilters} onReset={reset} />
        </div>
        <PagedTable<TStorageBatch>
          rowKey="id"
          columns={columns}
          result={batches}
          page={query.page}
          perPage={query.per_page}
          emptyText={t('tags.storage.empty')}
          hasFilters={hasFilters}
          onPageChange={update}
        />
      </Card>
    </>
  );
}
