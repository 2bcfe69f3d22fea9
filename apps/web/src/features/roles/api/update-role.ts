import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRole, TUpdateRole } from '@vitrina/contract';
import { apiPost } from '../../../lib/api-client';
import { optionKeys } from '../../../lib/queries/option-keys';
import { roleKeys } from './role-keys';

export const updateRole = (input: { id: number; body: TUpdateRole }) =>
  apiPost<TRole>(`/v1/role/update/${input.id}`, input.body);

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: roleKeys.all }),
        queryClient.invalidateQueries({ queryKey: optionKeys.roles() }),
      ]),
  });
}
