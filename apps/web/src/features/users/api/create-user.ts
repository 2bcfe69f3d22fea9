import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateUser, TCreateUserResponse } from '@vitrina/contract';
import { apiPost } from '../../../lib/api-client';
import { userKeys } from './user-keys';

export type { TCreateUserResponse };

export const createUser = (body: TCreateUser) => apiPost<TCreateUserResponse>('/v1/user/create', body);

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
