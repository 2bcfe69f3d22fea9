import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRoleList } from '@vitrina/contract';
import { apiGet } from '../../../lib/api-client';
import { roleKeys } from './role-keys';

export const listRoles = (signal?: AbortSignal) => apiGet<TRoleList>('/v1/role/list', { signal });

export const rolesQuery = () => queryOptions({ queryKey: roleKeys.list(), queryFn: ({ signal }) => listRoles(signal) });

export function useRoles() {
  return useQuery(rolesQuery());
}
