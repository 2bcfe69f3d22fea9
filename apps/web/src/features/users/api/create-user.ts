import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateUser, ZCreateUserResponse } from '@vitrina/contract';
import type { z } from 'zod';
import { apiPost } from '../../../lib/api-client';
import { userKeys } from './user-keys';

export type TCreateUserResponse = z.infer<typeof ZCreateUserResponse>;

export const createUser = (body: TCreateUser) => apiPost<TCreateUserResponse>('/v1/user/create', body);

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
