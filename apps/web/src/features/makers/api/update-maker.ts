import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMaker, TUpdateMaker } from '@vitrina/contract';
import { apiPost } from '../../../lib/api-client';
import { invalidateMakers } from './invalidate-makers';

export const updateMaker = (input: { id: number; body: TUpdateMaker }) =>
  apiPost<TMaker>(`/v1/maker/update/${input.id}`, input.body);

export function useUpdateMaker() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMaker, onSuccess: () => invalidateMakers(queryClient) });
}
