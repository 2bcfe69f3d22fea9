import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TListProductsQueryParsed, TProductList } from '@vitrina/contract';
import { apiGet, type QueryValue } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** The list query as the server reads it after parsing (numbers and booleans, not strings). */
export type ProductsQuery = TListProductsQueryParsed;

export const listProducts = (query: ProductsQuery, signal?: AbortSignal) =>
  apiGet<TProductList>('/v1/product/list', { query: query as Record<string, QueryValue>, signal });

export const productsQuery = (query: ProductsQuery) =>
  queryOptions({
    queryKey: productKeys.list(query),
    queryFn: ({ signal }) => listProducts(query, signal),
    placeholderData: keepPreviousData,
  });

export function useProducts(query: ProductsQuery) {
  return useQuery(productsQuery(query));
}
