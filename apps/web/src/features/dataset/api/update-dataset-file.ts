import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDatasetFile, TUpdateDatasetFile } from '@vitrina/contract';
import { apiPost } from '../../../lib/api-client';
import { datasetKeys } from './dataset-keys';

export const updateDatasetFile = (input: { id: number; body: TUpdateDatasetFile }) =>
  apiPost<TDatasetFile>(`/v1/dataset/update/${input.id}`, input.body);

export function useUpdateDatasetFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDatasetFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: datasetKeys.lists() }),
  });
}
