import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TStorageList } from '@vitrina/contract';
import { apiGet } from '../../../lib/api-client';
import { tagKeys } from './tag-keys';

export type StorageQuery = { product_id?: number; org_id?: number; status?: 0 | 1 | 2; page: number; per_page: number };

export const listStorageBatches = (query: StorageQuery, signal?: AbortSignal) =>
  apiGet<TStorageList>('/v1/storage/list', { query, signal });

export const storageBatchesQuery = (query: StorageQuery) =>
  queryOptions({
    queryKey: tagKeys.batchList(query),
    queryFn: ({ signal }) => listStorageBatches(query, signal),
    placeholderData: keepPreviousData,
  });

export function useStorageBatches(query: StorageQuery) {
  return useQuery(storageBatchesQuery(query));
}
