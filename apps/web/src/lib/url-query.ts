import { useCallback, useMemo } from 'react';
import { useLiveSearchParams } from './live-search-params';

export type UrlValue = string | number | boolean | undefined;
export type UrlChange = Record<string, UrlValue>;

/** What a key reads when the URL leaves it out; setting a key back to it takes it out of the URL. */
export type UrlDefaults = Readonly<Record<string, UrlValue>>;

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

type ChangeRules = { filters: readonly string[]; defaults?: UrlDefaults };

const isDefault = (value: UrlValue, fallback: UrlValue) => fallback !== undefined && String(value) === String(fallback);

/**
 * The URL after `changes`: an empty or default value leaves the URL (so a link says only
 * what differs from the screen as it opens), and a change to a filter starts from page one.
 */
export function applyUrlChange(current: URLSearchParams, changes: UrlChange, rules: ChangeRules): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '' || isDefault(value, rules.defaults?.[key])) next.delete(key);
    else next.set(key, String(value));
  }
  if (Object.keys(changes).some((key) => rules.filters.includes(key))) next.delete('page');
  return next;
}

/** The URL without its filters and page; what is not a filter (the active tab, the sort) stays. */
export function clearUrlFilters(current: URLSearchParams, filters: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const name of [...filters, 'page']) next.delete(name);
  return next;
}

export type UrlQueryOptions<Q> = ChangeRules & {
  /** Reads the state from the URL; stable (module level or memoised), as are `filters` and `defaults`. */
  parse: (params: URLSearchParams) => Q;
};

/**
 * Filters, sort, page and tab live in the URL so every screen state can be linked
 * (convention 7). The one URL-state hook: list screens reach it through `useListUrl`,
 * which derives `parse`, `filters` and `defaults` from the endpoint's query schema.
 */
export function useUrlQuery<Q>(options: UrlQueryOptions<Q>) {
  const { parse, filters, defaults } = options;
  const [params, setParams] = useLiveSearchParams();
  const search = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL text is the identity of the parsed query.
  const query = useMemo(() => parse(params), [parse, search]);

  const update = useCallback(
    (changes: UrlChange) => setParams((current) => applyUrlChange(current, changes, { filters, defaults })),
    [setParams, filters, defaults],
  );

  /** Clears the filters but keeps what is not a filter (the active tab, the sort). */
  const reset = useCallback(() => setParams((current) => clearUrlFilters(current, filters)), [setParams, filters]);

  const hasFilters = filters.some((name) => params.has(name));
  return { query, update, reset, hasFilters };
}
