import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TTagCounts } from '@vitrina/contract';
import { apiGet } from '../../../lib/api-client';
import type { TagCountsQuery } from './list-tags';
import { tagKeys } from './tag-keys';

export const getTagCounts = (query: TagCountsQuery, signal?: AbortSignal) =>
  apiGet<TTagCounts>('/v1/tag/counts', { query, signal });

export const tagCountsQuery = (query: TagCountsQuery) =>
  queryOptions({
    queryKey: tagKeys.counts(query),
    queryFn: ({ signal }) => getTagCounts(query, signal),
    placeholderData: keepPreviousData,
  });

export function useTagCounts(query: TagCountsQuery) {
  return useQuery(tagCountsQuery(query));
}
