import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { datasetKeys } from './dataset-keys';

export const deleteDatasetFile = (id: number) => apiPost<unknown>(`/v1/dataset/delete/${id}`);

export function useDeleteDatasetFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDatasetFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: datasetKeys.lists() }),
  });
}
