import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { invalidateMakers } from './invalidate-makers';

/** 409 while products still name the maker; the client shows the server's message. */
export const deleteMaker = (id: number) => apiPost<unknown>(`/v1/maker/delete/${id}`);

export function useDeleteMaker() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteMaker, onSuccess: () => invalidateMakers(queryClient) });
}
