import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateRole, TRole } from '@vitrina/contract';
import { apiPost } from '../../../lib/api-client';
import { optionKeys } from '../../../lib/queries/option-keys';
import { roleKeys } from './role-keys';

export const createRole = (body: TCreateRole) => apiPost<TRole>('/v1/role/create', body);

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: roleKeys.all }),
        queryClient.invalidateQueries({ queryKey: optionKeys.roles() }),
      ]),
  });
}
