import type { api } from '@vitrina/contract';
import { InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { FILTER_SELECT, MicromarketFilter, ResetFiltersButton, SearchFilter } from '../../../components/list-filters';
import { ProductPicker } from '../../../components/product-picker';
import type { useListUrl } from '../../../lib/list-query';

type ListState = ReturnType<typeof useListUrl<typeof api.tag.list>>;
type Props = Pick<ListState, 'update' | 'reset' | 'hasFilters'> & { filters: ListState['query'] };

export function TagFilters({ filters, update, reset, hasFilters }: Props) {
  const { t } = useTranslation();

  return (
    <div className="list-filters">
      <SearchFilter label={t('tags.search')} value={filters.q} onSearch={(q) => update({ q: q?.toUpperCase() })} />
      <ProductPicker
        className="list-filters__select"
        aria-label={t('fields.product')}
        value={filters.product_id}
        onChange={(value) => update({ product_id: value })}
      />
      <MicromarketFilter value={filters.micromarket_id} onChange={(micromarket_id) => update({ micromarket_id })} />
      <InputNumber
        className="list-filters__select"
        aria-label={t('catalogue.batch')}
        placeholder={t('catalogue.batch')}
        min={1}
        precision={0}
        value={filters.batch_id ?? null}
        onChange={(value) => update({ batch_id: value ?? undefined })}
      />
      <DateRangeFilter
        label={t('tags.created_between')}
        placeholder={[t('tags.created_from'), t('tags.created_to')]}
        from={filters.from}
        to={filters.to}
        onChange={update}
      />
      <Select
        {...FILTER_SELECT}
        aria-label={t('tags.expiry_filter')}
        placeholder={t('tags.expiry_filter')}
        value={filters.expiry}
        onChange={(value?: string) => update({ expiry: value })}
        options={[
          { value: 'expired', label: t('tags.expiry.expired') },
          { value: 'expiring', label: t('tags.expiry.expiring') },
        ]}
      />
      <ResetFiltersButton isVisible={hasFilters} onReset={reset} />
    </div>
  );
}
