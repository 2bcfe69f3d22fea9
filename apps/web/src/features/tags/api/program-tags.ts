import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProgramResult, TProgramTags } from '@vitrina/contract';
import { apiPost } from '../../../lib/api-client';
import { tagKeys } from './tag-keys';

/** 409 lists the codes already in use; nothing is written then. */
export const programTags = (body: TProgramTags) => apiPost<TProgramResult>('/v1/tag/program', body);

export function useProgramTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: programTags,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.all }),
  });
}
