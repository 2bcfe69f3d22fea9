import { api } from '@vitrina/contract';
import { useEndpoint } from '../endpoint-query';

type RoleOptionsFilter = {
  isEnabled?: boolean;
  /** Only the roles a user of this organisation may hold (its own and the platform's); the server filters. */
  orgId?: number;
};

/** Roles the caller may assign or switch to; in the roles area, so any role change refreshes them. */
export function useRoleOptions(options: RoleOptionsFilter = {}) {
  const query = options.orgId === undefined ? undefined : { query: { org_id: options.orgId } };
  return useEndpoint(api.role.options, query, { enabled: options.isEnabled ?? true });
}
