import type { api } from '@vitrina/contract';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpoint } from '../lib/endpoint-query';
import { foundOption } from './picker-options';

/** The pickers' endpoints: `{ org_id, q }` in, at most 20 `{ id, name }` with a phone or a detail out. */
type SearchEndpoint = typeof api.push.recipients | typeof api.support.customers | typeof api.support.micromarkets;

type Props = {
  endpoint: SearchEndpoint;
  /** The organisation searched; undefined: the user's own. */
  orgId?: number | undefined;
  placeholder?: string;
  isClearable?: boolean;
  value?: number;
  onChange?: (id?: number) => void;
  id?: string;
};

/** Searches an organisation's rows on the server as the user types (the lists are too long to load whole). */
export function SearchSelect({ endpoint, orgId, placeholder, isClearable, value, onChange, id }: Props) {
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const found = useEndpoint(endpoint, { query: { org_id: orgId, q: q || undefined } });
  return (
    <Select<number>
      id={id}
      allowClear={isClearable}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value}
      onChange={onChange}
      loading={found.isFetching}
      placeholder={placeholder}
      options={(found.data?.items ?? []).map(foundOption)}
    />
  );
}

/**
 * A customer of the organisation, found on the server by name, email or phone: the one search
 * (the server's users/customer-search.ts) behind push's recipients and support's customers.
 */
export function CustomerSelect(
  props: Omit<Props, 'endpoint' | 'placeholder'> & {
    endpoint: typeof api.push.recipients | typeof api.support.customers;
  },
) {
  const { t } = useTranslation();
  return <SearchSelect {...props} placeholder={t('fields.customer_search')} />;
}
