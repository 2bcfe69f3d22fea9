import { PAGE_SIZE_DEFAULT, USER_SORTS } from '@vitrina/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { TUsersQuery } from '../api/list-users';

export type UserSort = (typeof USER_SORTS)[number];
export type UserFilterName = 'q' | 'role_id' | 'org_id' | 'user_type' | 'active';
const FILTERS: UserFilterName[] = ['q', 'role_id', 'org_id', 'user_type', 'active'];

const isSort = (value: string | null): value is UserSort => (USER_SORTS as readonly (string | null)[]).includes(value);
const toNumber = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

/** Filters, sort and page live in the URL so every list state can be linked (convention 7). */
export function useUserQuery() {
  const [params, setParams] = useSearchParams();

  const query = useMemo<TUsersQuery>(() => {
    const userType = toNumber(params.get('user_type'));
    const active = params.get('active');
    return {
      page: toNumber(params.get('page')) ?? 1,
      per_page: toNumber(params.get('per_page')) ?? PAGE_SIZE_DEFAULT,
      sort: isSort(params.get('sort')) ? (params.get('sort') as UserSort) : undefined,
      q: params.get('q') || undefined,
      role_id: toNumber(params.get('role_id')),
      org_id: toNumber(params.get('org_id')),
      user_type: userType === 1 || userType === 2 ? userType : undefined,
      active: active === 'true' ? true : active === 'false' ? false : undefined,
    };
  }, [params]);

  const update = useCallback(
    (changes: Partial<Record<UserFilterName | 'page' | 'per_page' | 'sort', string | number | undefined>>) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        // Any filter change starts from the first page again.
        if (Object.keys(changes).some((key) => FILTERS.includes(key as UserFilterName))) next.delete('page');
        return next;
      });
    },
    [setParams],
  );

  const reset = useCallback(() => setParams(new URLSearchParams()), [setParams]);
  const hasFilters = FILTERS.some((name) => params.has(name));
  return { query, update, reset, hasFilters };
}
