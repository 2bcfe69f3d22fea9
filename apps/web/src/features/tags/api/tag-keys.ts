import type { StorageQuery } from './list-storage-batches';
import type { TagCountsQuery, TagsQuery } from './list-tags';

export const tagKeys = {
  all: ['tags'] as const,
  lists: () => [...tagKeys.all, 'list'] as const,
  list: (query: TagsQuery) => [...tagKeys.lists(), query] as const,
  counts: (query: TagCountsQuery) => [...tagKeys.all, 'counts', query] as const,
  batches: () => [...tagKeys.all, 'batches'] as const,
  batchList: (query: StorageQuery) => [...tagKeys.batches(), query] as const,
};
