import { DATASET_FILE_TYPES, DATASET_TAGS } from '@vitrina/contract';
import { readEnum, readNumber, useUrlQuery } from '../../../lib/url-query';
import type { DatasetQuery } from '../api/list-dataset';

const FILTERS = ['tag', 'type', 'org_id'] as const;
const GALLERY_PAGE = 24;

const parse = (params: URLSearchParams): DatasetQuery => ({
  tag: readEnum(params, 'tag', DATASET_TAGS),
  type: readEnum(params, 'type', DATASET_FILE_TYPES),
  org_id: readNumber(params, 'org_id'),
  page: readNumber(params, 'page') ?? 1,
  per_page: readNumber(params, 'per_page') ?? GALLERY_PAGE,
});

export const useDatasetQuery = () => useUrlQuery({ parse, filters: FILTERS });
