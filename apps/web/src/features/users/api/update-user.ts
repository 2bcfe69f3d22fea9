import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateUser, TUser } from '@vitrina/contract';
import { apiPost } from '../../../lib/api-client';
import { userKeys } from './user-keys';

export const updateUser = (input: { id: number; body: TUpdateUser }) =>
  apiPost<TUser>(`/v1/user/update/${input.id}`, input.body);

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (_user, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: userKeys.detail(input.id) }),
      ]),
  });
}
