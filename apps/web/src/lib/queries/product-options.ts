import { keepPreviousData } from '@tanstack/react-query';
import { api, type ProductStatus } from '@vitrina/contract';
import { useEndpoint } from '../endpoint-query';

export type ProductOptionsQuery = { q?: string; status?: ProductStatus; for_programmer?: boolean; org_id?: number };

const OPTIONS_PAGE = 30;

/** A page of products matching the typed text, for searchable pickers. */
export function useProductOptions(query: ProductOptionsQuery) {
  return useEndpoint(
    api.product.list,
    { query: { ...query, sort: 'name', per_page: OPTIONS_PAGE } },
    { placeholderData: keepPreviousData },
  );
}
