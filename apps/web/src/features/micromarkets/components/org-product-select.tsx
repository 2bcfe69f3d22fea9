import { keepPreviousData } from '@tanstack/react-query';
import { api } from '@vitrina/contract';
import { Select } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpoint } from '../../../lib/endpoint-query';

type Props = {
  orgId: number;
  /** Products already chosen, so their names show before any search. */
  known?: { id: number; name: string }[];
  id?: string;
  'aria-label'?: string;
} & (
  | { isMultiple: true; value?: number[]; onChange?: (value: number[]) => void }
  | { isMultiple?: false; value?: number; onChange?: (value: number | undefined) => void }
);

/** Searches the products of one organisation (a micromarket stocks only its own). */
export function OrgProductSelect(props: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const products = useEndpoint(
    api.product.list,
    { query: { q: q || undefined, org_id: props.orgId, sort: 'name', per_page: 30 } },
    { placeholderData: keepPreviousData },
  );
  const options = useMemo(() => {
    const found = (products.data?.items ?? []).map((product) => ({ value: product.id, label: product.name }));
    const extra = (props.known ?? [])
      .filter((item) => !found.some((option) => option.value === item.id))
      .map((item) => ({ value: item.id, label: item.name }));
    return [...extra, ...found];
  }, [products.data, props.known]);
  const common = {
    id: props.id,
    'aria-label': props['aria-label'],
    showSearch: { filterOption: false, onSearch: setSearch },
    options,
    loading: products.isFetching,
    placeholder: t('fields.product'),
    popupMatchSelectWidth: false,
    style: { width: '100%' },
  } as const;
  if (props.isMultiple) {
    return <Select<number[]> {...common} mode="multiple" value={props.value} onChange={props.onChange} />;
  }
  return (
    <Select<number>
      {...common}
      allowClear
      value={props.value}
      onChange={(next) => (props.onChange as ((value: number | undefined) => void) | undefined)?.(next ?? undefined)}
    />
  );
}
