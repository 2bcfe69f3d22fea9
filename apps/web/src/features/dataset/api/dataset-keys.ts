import type { DatasetQuery } from './list-dataset';

export const datasetKeys = {
  all: ['dataset'] as const,
  lists: () => [...datasetKeys.all, 'list'] as const,
  list: (query: DatasetQuery) => [...datasetKeys.lists(), query] as const,
};
