import { ClearOutlined } from '@ant-design/icons';
import { PRODUCT_STATUSES } from '@vitrina/contract';
import { Button, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CategoryTreeSelect } from '../../../components/category-tree-select';
import { useMakerOptions } from '../../../lib/queries/maker-options';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';
import type { UrlChange } from '../../../lib/url-query';
import type { ProductsQuery } from '../api/list-products';
import { PRODUCT_FLAGS } from './use-product-query';

type Props = { query: ProductsQuery; update: (changes: UrlChange) => void; reset: () => void; hasFilters: boolean };

export function ProductFilters({ query, update, reset, hasFilters }: Props) {
  const { t } = useTranslation();
  const makers = useMakerOptions(query.org_id);
  const organizations = useOrganizationOptions();
  const [search, setSearch] = useState(query.q ?? '');
  useEffect(() => setSearch(query.q ?? ''), [query.q]);
  const select = { allowClear: true, className: 'list-filters__select', popupMatchSelectWidth: false } as const;
  const yesNo = [
    { value: 'true', label: t('catalogue.yes') },
    { value: 'false', label: t('catalogue.no') },
  ];

  return (
    <div className="list-filters">
      <Input.Search
        aria-label={t('products.search')}
        placeholder={t('products.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onSearch={(value) => update({ q: value.trim() || undefined })}
        allowClear
        className="list-filters__search"
      />
      <CategoryTreeSelect
        className="list-filters__select"
        aria-label={t('fields.category')}
        orgId={query.org_id}
        value={query.category_id}
        onChange={(value) => update({ category_id: value })}
      />
      <Select
        {...select}
        showSearch={{ optionFilterProp: 'label' }}
        aria-label={t('fields.maker')}
        placeholder={t('fields.maker')}
        loading={makers.isPending}
        value={query.maker_id}
        onChange={(value?: number) => update({ maker_id: value })}
        options={makers.data?.items.map((maker) => ({ value: maker.id, label: maker.name }))}
      />
      <Select
        {...select}
        aria-label={t('fields.status')}
        placeholder={t('fields.status')}
        value={query.status}
        onChange={(value?: string) => update({ status: value })}
        options={PRODUCT_STATUSES.map((status) => ({ value: status, label: t(`catalogue.product_status.${status}`) }))}
      />
      {PRODUCT_FLAGS.map((flag) => (
        <Select
          key={flag}
          {...select}
          aria-label={t(`products.flags.${flag}`)}
          placeholder={t(`products.flags.${flag}`)}
          value={query[flag] === undefined ? undefined : String(query[flag])}
          onChange={(value?: string) => update({ [flag]: value })}
          options={yesNo}
        />
      ))}
      {(organizations.data?.items.length ?? 0) > 1 && (
        <Select
          {...select}
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('fields.organization')}
          placeholder={t('fields.organization')}
          value={query.org_id}
          onChange={(value?: number) => update({ org_id: value, category_id: undefined, maker_id: undefined })}
          options={organizations.data?.items.map((org) => ({ value: org.id, label: org.name }))}
        />
      )}
      {hasFilters && (
        <Button icon={<ClearOutlined />} onClick={reset}>
          {t('actions.reset_filters')}
        </Button>
      )}
    </div>
  );
}
