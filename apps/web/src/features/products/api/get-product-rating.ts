import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TProductRating } from '@vitrina/contract';
import { apiGet } from '../../../lib/api-client';
import { productKeys } from './product-keys';

export const RATING_SORTS = ['rating', 'likes', 'dislikes', 'votes'] as const;
export type RatingSort = (typeof RATING_SORTS)[number];
export type RatingQuery = {
  from?: string;
  to?: string;
  org_id?: number;
  category_id?: number;
  sort?: RatingSort;
  page: number;
  per_page: number;
};

export const getProductRating = (query: RatingQuery, signal?: AbortSignal) =>
  apiGet<TProductRating>('/v1/product/rating', { query, signal });

export const productRatingQuery = (query: RatingQuery) =>
  queryOptions({
    queryKey: productKeys.rating(query),
    queryFn: ({ signal }) => getProductRating(query, signal),
    placeholderData: keepPreviousData,
  });

export function useProductRating(query: RatingQuery) {
  return useQuery(productRatingQuery(query));
}
