import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProductInfo } from '@vitrina/contract';
import { apiGet } from '../../../lib/api-client';
import { productKeys } from './product-keys';

export const getProduct = (id: number, signal?: AbortSignal) =>
  apiGet<TProductInfo>(`/v1/product/info/${id}`, { signal });

/** Tag counts move as tags are written and sold elsewhere: always refetch on open. */
export const productQuery = (id: number) =>
  queryOptions({ queryKey: productKeys.detail(id), queryFn: ({ signal }) => getProduct(id, signal), staleTime: 0 });

export function useProduct(id: number | undefined) {
  return useQuery({ ...productQuery(id ?? 0), enabled: id !== undefined });
}
