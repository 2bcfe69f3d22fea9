import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ZRoleList } from '@vitrina/contract';
import type { z } from 'zod';
import { apiGet } from '../../../lib/api-client';
import { roleKeys } from './role-keys';

export const listRoles = (signal?: AbortSignal) => apiGet<z.infer<typeof ZRoleList>>('/v1/role/list', { signal });

export const rolesQuery = () => queryOptions({ queryKey: roleKeys.list(), queryFn: ({ signal }) => listRoles(signal) });

export function useRoles() {
  return useQuery(rolesQuery());
}
