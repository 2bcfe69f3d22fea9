import { api } from '@vitrina/contract';
import { useEndpoint } from '../endpoint-query';

/** Roles the caller may assign or switch to; in the roles area, so any role change refreshes them. */
export function useRoleOptions(options: { isEnabled?: boolean } = {}) {
  return useEndpoint(api.role.options, undefined, { enabled: options.isEnabled ?? true });
}
