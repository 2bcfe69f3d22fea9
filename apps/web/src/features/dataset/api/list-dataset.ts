import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DatasetFileType, DatasetTag, TDatasetList } from '@vitrina/contract';
import { apiGet } from '../../../lib/api-client';
import { datasetKeys } from './dataset-keys';

export type DatasetQuery = {
  tag?: DatasetTag;
  type?: DatasetFileType;
  org_id?: number;
  page: number;
  per_page: number;
};

export const listDataset = (query: DatasetQuery, signal?: AbortSignal) =>
  apiGet<TDatasetList>('/v1/dataset/list', { query, signal });

export const datasetQuery = (query: DatasetQuery) =>
  queryOptions({
    queryKey: datasetKeys.list(query),
    queryFn: ({ signal }) => listDataset(query, signal),
    placeholderData: keepPreviousData,
  });

export function useDataset(query: DatasetQuery) {
  return useQuery(datasetQuery(query));
}
