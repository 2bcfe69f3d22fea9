import { type api, PRODUCT_STATUSES } from '@vitrina/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CategoryTreeSelect } from '../../../components/category-tree-select';
import { FILTER_SELECT, OrganizationFilter, ResetFiltersButton, SearchFilter } from '../../../components/list-filters';
import type { useListQuery } from '../../../lib/list-query';
import { useMakerOptions } from '../../../lib/queries/maker-options';
import { PRODUCT_FLAGS } from './product-flags';

type ListState = ReturnType<typeof useListQuery<typeof api.product.list>>;
type Props = Pick<ListState, 'query' | 'update' | 'reset' | 'hasFilters'>;

export function ProductFilters({ query, update, reset, hasFilters }: Props) {
  const { t } = useTranslation();
  const makers = useMakerOptions(query.org_id);
  const yesNo = [
    { value: 'true', label: t('catalogue.yes') },
    { value: 'false', label: t('catalogue.no') },
  ];

  return (
    <div className="list-filters">
      <SearchFilter label={t('products.search')} value={query.q} onSearch={(q) => update({ q })} />
      <CategoryTreeSelect
        className="list-filters__select"
        aria-label={t('fields.category')}
        orgId={query.org_id}
        value={query.category_id}
        onChange={(value) => update({ category_id: value })}
      />
      <Select
        {...FILTER_SELECT}
        showSearch={{ optionFilterProp: 'label' }}
        aria-label={t('fields.maker')}
        placeholder={t('fields.maker')}
        loading={makers.isPending}
        value={query.maker_id}
        onChange={(value?: number) => update({ maker_id: value })}
        options={makers.data?.items.map((maker) => ({ value: maker.id, label: maker.name }))}
      />
      <Select
        {...FILTER_SELECT}
        aria-label={t('fields.status')}
        placeholder={t('fields.status')}
        value={query.status}
        onChange={(value?: string) => update({ status: value })}
        options={PRODUCT_STATUSES.map((status) => ({ value: status, label: t(`catalogue.product_status.${status}`) }))}
      />
      {PRODUCT_FLAGS.map((flag) => (
        <Select
          key={flag}
          {...FILTER_SELECT}
          aria-label={t(`products.flags.${flag}`)}
          placeholder={t(`products.flags.${flag}`)}
          value={query[flag] === undefined ? undefined : String(query[flag])}
          onChange={(value?: string) => update({ [flag]: value })}
          options={yesNo}
        />
      ))}
      <OrganizationFilter
        value={query.org_id}
        onChange={(orgId) => update({ org_id: orgId, category_id: undefined, maker_id: undefined })}
      />
      <ResetFiltersButton isVisible={hasFilters} onReset={reset} />
    </div>
  );
}
