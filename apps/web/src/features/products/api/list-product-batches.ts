import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT, type TStorageList } from '@vitrina/contract';
import { apiGet } from '../../../lib/api-client';
import { productKeys } from './product-keys';

export const listProductBatches = (input: { productId: number; page: number }, signal?: AbortSignal) =>
  apiGet<TStorageList>('/v1/storage/list', {
    query: { product_id: input.productId, page: input.page, per_page: PAGE_SIZE_DEFAULT },
    signal,
  });

export const productBatchesQuery = (productId: number, page: number) =>
  queryOptions({
    queryKey: productKeys.batches(productId, page),
    queryFn: ({ signal }) => listProductBatches({ productId, page }, signal),
    placeholderData: keepPreviousData,
  });

export function useProductBatches(productId: number, page: number) {
  return useQuery(productBatchesQuery(productId, page));
}
