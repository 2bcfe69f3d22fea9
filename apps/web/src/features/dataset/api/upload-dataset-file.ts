import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DatasetTag, TDatasetFile } from '@vitrina/contract';
import { apiUpload } from '../../../lib/api-client';
import { datasetKeys } from './dataset-keys';

/** Multipart: the file plus its tags as one comma-separated field. */
export const uploadDatasetFile = (input: { file: Blob; tags: DatasetTag[]; orgId?: number }) => {
  const form = new FormData();
  form.append('tags', input.tags.join(','));
  if (input.orgId !== undefined) form.append('org_id', String(input.orgId));
  form.append('file', input.file);
  return apiUpload<TDatasetFile>('/v1/dataset/upload', form);
};

export function useUploadDatasetFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDatasetFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: datasetKeys.lists() }),
  });
}
