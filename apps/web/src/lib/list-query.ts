import { keepPreviousData } from '@tanstack/react-query';
import type { Endpoint, EndpointQuery } from '@vitrina/contract';
import type { SorterResult, SortOrder } from 'antd/es/table/interface';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useEndpoint } from './endpoint-query';

export type UrlChange = Record<string, string | number | boolean | undefined>;

/** Query keys that page or order a list rather than filter it. */
const NOT_FILTERS = new Set(['page', 'per_page', 'sort', 'cursor']);

type ListEndpoint = Endpoint & { method: 'GET'; query: z.ZodObject };

/**
 * What a screen reads when its link leaves a key out, instead of the schema's default (a
 * gallery pages by 24, not 20). Declare it at module level so it stays the same object.
 */
export type ListDefaults<E extends ListEndpoint> = Partial<Record<keyof EndpointQuery<E>, string | number>>;

/**
 * Reads a list's query from the URL with the endpoint's own schema: the screen's defaults,
 * then the schema's, apply; a value the schema refuses (an edited link) is dropped rather
 * than failing the screen.
 */
export function parseListQuery<E extends ListEndpoint>(
  endpoint: E,
  params: URLSearchParams,
  defaults: ListDefaults<E> = {},
): EndpointQuery<E> {
  const fallback: Record<string, string> = {};
  for (const [key, value] of Object.entries<string | number | undefined>(defaults)) {
    if (value !== undefined) fallback[key] = String(value);
  }
  const raw: Record<string, string> = {};
  for (const key of Object.keys(endpoint.query.shape)) {
    const value = params.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  for (;;) {
    const result = endpoint.query.safeParse({ ...fallback, ...raw });
    if (result.success) return result.data as EndpointQuery<E>;
    const bad = result.error.issues.map((issue) => String(issue.path[0])).filter((key) => key in raw);
    if (bad.length === 0) return endpoint.query.parse(fallback) as EndpointQuery<E>;
    for (const key of bad) delete raw[key];
  }
}

/** The filter names of a list endpoint: every query key but paging, order and `notFilters`. */
export const filtersOf = (endpoint: ListEndpoint, notFilters: readonly string[] = []) =>
  Object.keys(endpoint.query.shape).filter((key) => !NOT_FILTERS.has(key) && !notFilters.includes(key));

/** `-name` for a descending sort on the column keyed `name`; undefined when the sort is cleared. */
export function sortOf<T>(sorter: SorterResult<T> | SorterResult<T>[]): string | undefined {
  const single = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!single?.order || typeof single.columnKey !== 'string') return undefined;
  return `${single.order === 'descend' ? '-' : ''}${single.columnKey}`;
}

export type ListUrlOptions = {
  /** Query keys that choose a view rather than filter it (a status tab): reset keeps them. Module level, so stable. */
  notFilters?: readonly string[];
};

/**
 * A list screen's state from its endpoint's query schema: filters, sort and page live in
 * the URL (convention 7), and a filter change starts from page one. A list that loads its
 * own way (cursor pages) uses it alone; `useListQuery` adds the data of a paged list.
 */
export function useListUrl<E extends ListEndpoint>(
  endpoint: E,
  options: ListUrlOptions & { defaults?: ListDefaults<E> } = {},
) {
  const [params, setParams] = useSearchParams();
  const { notFilters } = options;
  const filters = useMemo(() => filtersOf(endpoint, notFilters), [endpoint, notFilters]);
  const search = params.toString();
  const { defaults } = options;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL text is the identity of the parsed query.
  const query = useMemo(() => parseListQuery(endpoint, params, defaults), [endpoint, search, defaults]);

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

/**
 * A paged list screen's state and data from its endpoint: the URL state of `useListUrl`,
 * and the rows through the endpoint's typed call while the previous page stays on screen.
 */
export function useListQuery<E extends ListEndpoint>(
  endpoint: E,
  options: ListUrlOptions & { isEnabled?: boolean; defaults?: ListDefaults<E> } = {},
) {
  const state = useListUrl(endpoint, options);
  const result = useEndpoint(endpoint, { query: state.query } as never, {
    placeholderData: keepPreviousData,
    enabled: options.isEnabled ?? true,
  });
  return { ...state, result };
}

/** The column's order as a table shows it, from the list's `sort` value. */
export function sortOrderOf(sort: string | undefined, field: string): SortOrder {
  if (sort === field) return 'ascend';
  if (sort === `-${field}`) return 'descend';
  return null;
}
