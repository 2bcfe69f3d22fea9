import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPermissionGroups } from '@vitrina/contract';
import { apiGet } from '../../../lib/api-client';
import { useLocale } from '../../../lib/use-locale';
import { roleKeys } from './role-keys';

/** Role id 0 asks for the catalogue with nothing granted (a new role). Titles come localized via `Lang`. */
export const getPermissionGroups = (roleId: number, signal?: AbortSignal) =>
  apiGet<TPermissionGroups>(`/v1/permission/list-group/${roleId}`, { signal });

export const permissionGroupsQuery = (roleId: number, locale: string) =>
  queryOptions({
    queryKey: roleKeys.permissionGroups(roleId, locale),
    queryFn: ({ signal }) => getPermissionGroups(roleId, signal),
    staleTime: 0,
  });

export function usePermissionGroups(roleId: number | null) {
  const locale = useLocale();
  return useQuery({ ...permissionGroupsQuery(roleId ?? 0, locale), enabled: roleId !== null });
}
