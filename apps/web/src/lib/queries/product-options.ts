import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductStatus, TProductList } from '@vitrina/contract';
import { apiGet } from '../api-client';
import { optionKeys } from './option-keys';

export type ProductOptionsQuery = { q?: string; status?: ProductStatus; for_programmer?: boolean; ids?: never };

const OPTIONS_PAGE = 30;

/** A page of products matching the typed text, for searchable pickers. */
export const listProductOptions = (query: ProductOptionsQuery, signal?: AbortSignal) =>
  apiGet<TProductList>('/v1/product/list', { query: { ...query, sort: 'name', per_page: OPTIONS_PAGE }, signal });

export const productOptionsQuery = (query: ProductOptionsQuery) =>
  queryOptions({
    queryKey: optionKeys.products(query),
    queryFn: ({ signal }) => listProductOptions(query, signal),
    placeholderData: keepPreviousData,
  });

export function useProductOptions(query: ProductOptionsQuery) {
  return useQuery(productOptionsQuery(query));
}
