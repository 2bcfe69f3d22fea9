import { useMutation } from '@tanstack/react-query';
import type { TLoginBody, TLoginResponse } from '@vitrina/contract';
import { apiPost } from '../../../lib/api-client';

/** A 401 here means wrong credentials, so the client must not reload the page. */
export const login = (body: TLoginBody) => apiPost<TLoginResponse>('/v1/user/login', body, { isCredentialCheck: true });

export function useLogin() {
  return useMutation({ mutationFn: login });
}
