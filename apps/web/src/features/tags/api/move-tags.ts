import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTagAction } from '@vitrina/contract';
import { apiPost } from '../../../lib/api-client';
import { tagKeys } from './tag-keys';

export type TagMove = 'write-off' | 'remove';

/** Write-off and remove share one shape; 409 lists the codes that cannot make the move. */
export const moveTags = (input: { action: TagMove; body: TTagAction }) =>
  apiPost<{ updated: number }>(`/v1/tag/${input.action}`, input.body);

export function useMoveTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveTags,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.all }),
  });
}
