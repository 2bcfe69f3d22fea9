import type { ProductStatus } from '@vitrina/contract';
import { Select } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProductForPicker } from '../lib/queries/product-name';
import { useProductOptions } from '../lib/queries/product-options';

type Props = {
  value?: number;
  onChange?: (value: number | undefined) => void;
  status?: ProductStatus;
  isForProgrammer?: boolean;
  /** Only this organisation's products (a sale's lines must be its own organisation's). */
  orgId?: number;
  className?: string;
  id?: string;
  'aria-label'?: string;
  placeholder?: string;
  size?: 'large' | 'middle';
};

/** Searches products on the server as the user types; the list can be far too long to load whole. */
export function ProductPicker({
  value,
  onChange,
  status,
  isForProgrammer,
  orgId,
  className,
  id,
  placeholder,
  size,
  ...rest
}: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const products = useProductOptions({ q: q || undefined, status, for_programmer: isForProgrammer, org_id: orgId });
  const chosen = useProductForPicker(value);

  const options = useMemo(() => {
    const items = (products.data?.items ?? []).map((product) => ({
      value: product.id,
      label: product.article ? `${product.name} · ${product.article}` : product.name,
    }));
    if (value !== undefined && !items.some((item) => item.value === value)) {
      items.unshift({ value, label: chosen.data?.name ?? `#${value}` });
    }
    return items;
  }, [products.data, value, chosen.data]);

  return (
    <Select<number>
      id={id}
      aria-label={rest['aria-label']}
      className={className}
      size={size}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      value={value}
      onChange={(next) => onChange?.(next ?? undefined)}
      options={options}
      loading={products.isFetching}
      placeholder={placeholder ?? t('fields.product')}
      notFoundContent={products.isFetching ? t('common.loading') : t('common.empty')}
      popupMatchSelectWidth={false}
    />
  );
}
