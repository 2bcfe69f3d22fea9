import type { TLoginResponse } from '@vitrina/contract';
import { setDefaultPageCookie, setToken } from './cookies';
import { queryClient } from './query-client';

/** Every way in (login, registration, role switch, auth-redirect) stores the same things. */
export function signIn(answer: TLoginResponse): void {
  setToken(answer.token);
  setDefaultPageCookie(answer.default_page);
  // Data cached under the previous identity must not leak into the new one.
  queryClient.clear();
}
