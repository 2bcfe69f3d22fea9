import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProductOptions } from '../../../lib/queries/product-options';

type Props = { value?: number[]; onChange?: (ids: number[]) => void; id?: string };

/** Products picked by name, searched on the server; a chosen one not in the page of results shows as `#id`. */
export function ProductsSelect(props: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const products = useProductOptions({ q: q || undefined });
  const options = (products.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }));
  for (const id of props.value ?? [])
    if (!options.some((o) => o.value === id)) options.push({ value: id, label: `#${id}` });
  return (
    <Select<number[]>
      id={props.id}
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={props.value}
      onChange={props.onChange}
      options={options}
      placeholder={t('promotions.products_placeholder')}
    />
  );
}
