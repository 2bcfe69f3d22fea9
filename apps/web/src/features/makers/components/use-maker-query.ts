import { readEnum, readNumber, readPaging, readText, useUrlQuery } from '../../../lib/url-query';
import { MAKER_SORTS, type MakersQuery } from '../api/list-makers';

const FILTERS = ['q', 'org_id'] as const;

const parse = (params: URLSearchParams): MakersQuery => ({
  q: readText(params, 'q'),
  org_id: readNumber(params, 'org_id'),
  sort: readEnum(params, 'sort', MAKER_SORTS),
  ...readPaging(params),
});

export const useMakerQuery = () => useUrlQuery({ parse, filters: FILTERS });
