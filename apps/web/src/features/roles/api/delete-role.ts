import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { optionKeys } from '../../../lib/queries/option-keys';
import { roleKeys } from './role-keys';

/** The server answers 409 with a message while users still hold the role; the client shows it. */
export const deleteRole = (id: number) => apiPost<unknown>(`/v1/role/delete/${id}`);

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: roleKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: optionKeys.roles() }),
      ]),
  });
}
