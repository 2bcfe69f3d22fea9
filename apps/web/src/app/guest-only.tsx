import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { getToken } from '../lib/cookies';

/** Spec §4: a signed-in user opening /login goes to /. */
export function GuestOnly({ children }: { children: ReactNode }) {
  return getToken() ? <Navigate to="/" replace /> : children;
}
