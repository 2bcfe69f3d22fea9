import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProductHistory } from '@vitrina/contract';
import { apiGet } from '../../../lib/api-client';
import { productKeys } from './product-keys';

export const getProductHistory = (id: number, signal?: AbortSignal) =>
  apiGet<TProductHistory>(`/v1/product/history/${id}`, { signal });

export const productHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: productKeys.history(id),
    queryFn: ({ signal }) => getProductHistory(id, signal),
    staleTime: 0,
  });

export function useProductHistory(id: number) {
  return useQuery(productHistoryQuery(id));
}
