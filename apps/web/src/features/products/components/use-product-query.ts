import { PRODUCT_SORTS, PRODUCT_STATUSES } from '@vitrina/contract';
import { readEnum, readFlag, readNumber, readPaging, readText, useUrlQuery } from '../../../lib/url-query';
import type { ProductsQuery } from '../api/list-products';

export const PRODUCT_FLAGS = ['show_in_orders', 'show_in_wishes', 'is_public', 'for_programmer'] as const;
export type ProductFlag = (typeof PRODUCT_FLAGS)[number];
export type ProductSort = (typeof PRODUCT_SORTS)[number];

const FILTERS = ['q', 'category_id', 'maker_id', 'org_id', 'status', ...PRODUCT_FLAGS] as const;

const parse = (params: URLSearchParams): ProductsQuery => ({
  q: readText(params, 'q'),
  category_id: readNumber(params, 'category_id'),
  maker_id: readNumber(params, 'maker_id'),
  org_id: readNumber(params, 'org_id'),
  status: readEnum(params, 'status', PRODUCT_STATUSES),
  show_in_orders: readFlag(params, 'show_in_orders'),
  show_in_wishes: readFlag(params, 'show_in_wishes'),
  is_public: readFlag(params, 'is_public'),
  for_programmer: readFlag(params, 'for_programmer'),
  sort: readEnum(params, 'sort', PRODUCT_SORTS),
  ...readPaging(params),
});

export const useProductQuery = () => useUrlQuery({ parse, filters: FILTERS });
