import type { Permission } from '@vitrina/contract';
import { createContext, useCallback, useContext } from 'react';

/** The permissions of the signed-in user; the app's session gate provides them to features. */
export const PermissionsContext = createContext<readonly string[]>([]);

export function useCan(): (permission: Permission) => boolean {
  const held = useContext(PermissionsContext);
  return useCallback((permission) => held.includes(permission), [held]);
}
