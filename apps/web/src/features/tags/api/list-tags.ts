import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { TagStatus, TTagList } from '@vitrina/contract';
import { apiGet } from '../../../lib/api-client';
import { tagKeys } from './tag-keys';

export type TagCountsQuery = {
  product_id?: number;
  micromarket_id?: number;
  batch_id?: number;
  org_id?: number;
  from?: string;
  to?: string;
  expiry?: 'expired' | 'expiring';
  q?: string;
};
export type TagsQuery = TagCountsQuery & { status?: TagStatus; per_page: number };

export const listTags = (query: TagsQuery & { cursor?: string }, signal?: AbortSignal) =>
  apiGet<TTagList>('/v1/tag/list', { query, signal });

/** Tags page by cursor (the table is the largest): each "Load more" asks for the next slice. */
export const tagsQuery = (query: TagsQuery) =>
  infiniteQueryOptions({
    queryKey: tagKeys.list(query),
    queryFn: ({ pageParam, signal }) => listTags({ ...query, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export function useTags(query: TagsQuery) {
  return useInfiniteQuery(tagsQuery(query));
}
