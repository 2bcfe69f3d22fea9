import { useQuery } from '@tanstack/react-query';
import { api } from '@vitrina/contract';
import { callEndpoint } from '../../../lib/api-client';
import { endpointKey } from '../../../lib/endpoint-query';
import { useLocale } from '../../../lib/use-locale';

/**
 * Role id 0 asks for the catalogue with nothing granted (a new role). Titles come localized
 * via `Lang`, so each language is cached apart; the key still starts with the roles area.
 */
export function usePermissionGroups(roleId: number | null) {
  const locale = useLocale();
  const input = { params: { id: roleId ?? 0 } };
  return useQuery({
    queryKey: [...endpointKey(api.role.permissionGroups, input), locale],
    queryFn: ({ signal }) => callEndpoint(api.role.permissionGroups, input, { signal }),
    staleTime: 0,
    enabled: roleId !== null,
  });
}
