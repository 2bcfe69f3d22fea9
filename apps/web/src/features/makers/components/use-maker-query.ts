import { PAGE_SIZE_DEFAULT } from '@vitrina/contract';
import { readEnum, readNumber, readText, useUrlQuery } from '../../../lib/url-query';
import { MAKER_SORTS, type MakersQuery } from '../api/list-makers';

const FILTERS = ['q', 'org_id'] as const;

const parse = (params: URLSearchParams): MakersQuery => ({
  q: readText(params, 'q'),
  org_id: readNumber(params, 'org_id'),
  sort: readEnum(params, 'sort', MAKER_SORTS),
  page: readNumber(params, 'page') ?? 1,
  per_page: readNumber(params, 'per_page') ?? PAGE_SIZE_DEFAULT,
});

export const useMakerQuery = () => useUrlQuery({ parse, filters: FILTERS });
