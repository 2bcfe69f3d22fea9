import { readEnum, readNumber, readPaging, readText, useUrlQuery } from '../../../lib/url-query';
import { RATING_SORTS, type RatingQuery } from '../api/get-product-rating';

const FILTERS = ['from', 'to', 'org_id', 'category_id'] as const;
const isDay = (value: string | undefined) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

const parse = (params: URLSearchParams): RatingQuery => ({
  from: isDay(readText(params, 'from')),
  to: isDay(readText(params, 'to')),
  org_id: readNumber(params, 'org_id'),
  category_id: readNumber(params, 'category_id'),
  sort: readEnum(params, 'sort', RATING_SORTS),
  ...readPaging(params),
});

export const useRatingQuery = () => useUrlQuery({ parse, filters: FILTERS });
