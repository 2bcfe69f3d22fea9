import { PAGE_SIZE_DEFAULT } from '@vitrina/contract';
import { readEnum, readNumber, readText, useUrlQuery } from '../../../lib/url-query';
import { RATING_SORTS, type RatingQuery } from '../api/get-product-rating';

const FILTERS = ['from', 'to', 'org_id', 'category_id'] as const;
const isDay = (value: string | undefined) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

const parse = (params: URLSearchParams): RatingQuery => ({
  from: isDay(readText(params, 'from')),
  to: isDay(readText(params, 'to')),
  org_id: readNumber(params, 'org_id'),
  category_id: readNumber(params, 'category_id'),
  sort: readEnum(params, 'sort', RATING_SORTS),
  page: readNumber(params, 'page') ?? 1,
  per_page: readNumber(params, 'per_page') ?? PAGE_SIZE_DEFAULT,
});

export const useRatingQuery = () => useUrlQuery({ parse, filters: FILTERS });
