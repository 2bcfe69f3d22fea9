import { keepPreviousData } from '@tanstack/react-query';
import type { Endpoint, EndpointQuery } from '@vitrina/contract';
import type { SorterResult, SortOrder } from 'antd/es/table/interface';
import { useCallback, useMemo } from 'react';
import type { z } from 'zod';
import { endpointInput, useEndpoint } from './endpoint-query';
import { type UrlValue, useUrlQuery } from './url-query';

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

const isUrlValue = (value: unknown): value is UrlValue =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * What a list reads with nothing in its URL (page 1, the page size, the schema's and the
 * screen's defaults): a value equal to one of these is left out of the link.
 */
export function openingQueryOf(endpoint: ListEndpoint, defaults: Record<string, string | number | undefined> = {}) {
  const opening: Record<string, UrlValue> = {};
  for (const [key, value] of Object.entries(parseListQuery(endpoint, new URLSearchParams(), defaults) ?? {})) {
    if (isUrlValue(value)) opening[key] = value;
  }
  return opening;
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
 * the URL (convention 7) through `useUrlQuery`; a filter change starts from page one, and a
 * value equal to the screen's or the schema's default leaves the URL. A list that loads its
 * own way (cursor pages) uses it alone; `useListQuery` adds the data of a paged list.
 */
export function useListUrl<E extends ListEndpoint>(
  endpoint: E,
  options: ListUrlOptions & { defaults?: ListDefaults<E> } = {},
) {
  const { notFilters, defaults } = options;
  const filters = useMemo(() => filtersOf(endpoint, notFilters), [endpoint, notFilters]);
  const parse = useCallback(
    (params: URLSearchParams) => parseListQuery(endpoint, params, defaults),
    [endpoint, defaults],
  );
  const opening = useMemo(() => openingQueryOf(endpoint, defaults), [endpoint, defaults]);
  return useUrlQuery({ parse, filters, defaults: opening });
}

/**
 * A paged list screen's state and data from its endpoint: the URL state of `useListUrl`,
 * and the rows through the endpoint's typed call while the previous page stays on screen.
 */
export function useListQuery<E extends ListEndpoint>(
  endpoint: E,
  options: ListUrlOptions & { isEnabled?: boolean; defaults?: ListDefaults<E>; refetchIntervalMs?: number } = {},
) {
  const state = useListUrl(endpoint, options);
  const result = useEndpoint(endpoint, endpointInput<E>({ query: state.query }), {
    placeholderData: keepPreviousData,
    enabled: options.isEnabled ?? true,
    ...(options.refetchIntervalMs ? { refetchInterval: options.refetchIntervalMs } : {}),
  });
  return { ...state, result };
}

/** The column's order as a table shows it, from the list's `sort` value. */
export function sortOrderOf(sort: string | undefined, field: string): SortOrder {
  if (sort === field) return 'ascend';
  if (sort === `-${field}`) return 'descend';
  return null;
}
