import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TMakerList } from '@vitrina/contract';
import { apiGet } from '../../../lib/api-client';
import { makerKeys } from './maker-keys';

export const MAKER_SORTS = ['name', '-name', 'products_count', '-products_count', 'created_at', '-created_at'] as const;
export type MakerSort = (typeof MAKER_SORTS)[number];
export type MakersQuery = { q?: string; org_id?: number; sort?: MakerSort; page: number; per_page: number };

export const listMakers = (query: MakersQuery, signal?: AbortSignal) =>
  apiGet<TMakerList>('/v1/maker/list', { query, signal });

export const makersQuery = (query: MakersQuery) =>
  queryOptions({
    queryKey: makerKeys.list(query),
    queryFn: ({ signal }) => listMakers(query, signal),
    placeholderData: keepPreviousData,
  });

export function useMakers(query: MakersQuery) {
  return useQuery(makersQuery(query));
}
