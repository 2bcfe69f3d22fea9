import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCategoryInfo } from '@vitrina/contract';
import { apiGet } from '../../../lib/api-client';
import { categoryKeys } from './category-keys';

export const getCategory = (id: number, signal?: AbortSignal) =>
  apiGet<TCategoryInfo>(`/v1/category/info/${id}`, { signal });

export const categoryQuery = (id: number) =>
  queryOptions({ queryKey: categoryKeys.detail(id), queryFn: ({ signal }) => getCategory(id, signal) });

export function useCategory(id: number | undefined) {
  return useQuery({ ...categoryQuery(id ?? 0), enabled: id !== undefined });
}
