import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMe } from '@vitrina/contract';
import { apiGet } from '../../lib/api-client';
import { sessionKeys } from './session-keys';

/** Silent: the session gate reports the failure itself and sends the user to login. */
export const getMe = (signal?: AbortSignal) => apiGet<TMe>('/v1/user/me', { signal, isSilent: true });

export const meQuery = () =>
  queryOptions({
    queryKey: sessionKeys.me(),
    queryFn: ({ signal }) => getMe(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function useMe() {
  return useQuery(meQuery());
}
