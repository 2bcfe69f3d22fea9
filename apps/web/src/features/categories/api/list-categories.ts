import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TCategoryList } from '@vitrina/contract';
import { apiGet } from '../../../lib/api-client';
import { categoryKeys } from './category-keys';

/** Without parent_id: the top level of the visible (or the chosen) organisations. */
export type CategoryListQuery = { parent_id?: number; org_id?: number; q?: string };

export const listCategories = (query: CategoryListQuery, signal?: AbortSignal) =>
  apiGet<TCategoryList>('/v1/category/list', { query, signal });

export const categoriesQuery = (query: CategoryListQuery) =>
  queryOptions({
    queryKey: categoryKeys.list(query),
    queryFn: ({ signal }) => listCategories(query, signal),
    placeholderData: keepPreviousData,
  });

export function useCategories(query: CategoryListQuery) {
  return useQuery(categoriesQuery(query));
}
