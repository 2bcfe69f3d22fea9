import { PAGE_SIZE_DEFAULT } from '@vitrina/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type UrlChange = Record<string, string | number | boolean | undefined>;

export const readNumber = (params: URLSearchParams, name: string): number | undefined => {
  const value = params.get(name);
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
};

export function readEnum<T extends string>(params: URLSearchParams, name: string, values: readonly T[]): T | undefined {
  const value = params.get(name);
  return (values as readonly (string | null)[]).includes(value) ? (value as T) : undefined;
}

export const readFlag = (params: URLSearchParams, name: string): boolean | undefined => {
  const value = params.get(name);
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
};

export const readText = (params: URLSearchParams, name: string): string | undefined => params.get(name) || undefined;

/**
 * Filters, sort, page and tab live in the URL so every list state can be linked (convention 7).
 * `parse` must be stable (module level); a change to any of `filters` starts from page one.
 */
export function useUrlQuery<Q>(options: { parse: (params: URLSearchParams) => Q; filters: readonly string[] }) {
  const { parse, filters } = options;
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parse(params), [params, parse]);

  const update = useCallback(
    (changes: UrlChange) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if (Object.keys(changes).some((key) => filters.includes(key))) next.delete('page');
        return next;
      });
    },
    [setParams, filters],
  );

  /** Clears the filters but keeps what is not a filter (the active tab, the sort). */
  const reset = useCallback(
    () =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const name of [...filters, 'page']) next.delete(name);
        return next;
      }),
    [setParams, filters],
  );
  const hasFilters = filters.some((name) => params.has(name));
  return { query, update, reset, hasFilters };
}

/** The page and its size, as every paged list reads them. */
export const readPaging = (params: URLSearchParams) => ({
  page: readNumber(params, 'page') ?? 1,
  per_page: readNumber(params, 'per_page') ?? PAGE_SIZE_DEFAULT,
});
