import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateMaker, TMaker } from '@vitrina/contract';
import { apiPost } from '../../../lib/api-client';
import { invalidateMakers } from './invalidate-makers';

export const createMaker = (body: TCreateMaker) => apiPost<TMaker>('/v1/maker/create', body);

export function useCreateMaker() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createMaker, onSuccess: () => invalidateMakers(queryClient) });
}
