import type { Permission, RouteEntry, TMe } from '@vitrina/contract';
import { createContext, useContext } from 'react';

export type SessionValue = {
  me: TMe;
  /** The contract's route table filtered by the user's permissions and this build's screens. */
  routes: RouteEntry[];
  can: (permission: Permission) => boolean;
  logout: () => Promise<void>;
  /** Applies a token from switch-role (or back): rebuilds the session and lands on its page. */
  applyRoleToken: (answer: { token: string; default_page: string }) => Promise<void>;
};

export const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionGate');
  return value;
}
