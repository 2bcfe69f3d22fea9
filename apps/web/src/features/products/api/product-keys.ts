import type { RatingQuery } from './get-product-rating';
import type { ProductsQuery } from './list-products';

export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (query: ProductsQuery) => [...productKeys.lists(), query] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (id: number) => [...productKeys.details(), id] as const,
  history: (id: number) => [...productKeys.detail(id), 'history'] as const,
  batches: (id: number, page: number) => [...productKeys.detail(id), 'batches', page] as const,
  rating: (query: RatingQuery) => [...productKeys.all, 'rating', query] as const,
};
