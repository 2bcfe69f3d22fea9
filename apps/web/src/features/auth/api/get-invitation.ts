import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TInvitation } from '@vitrina/contract';
import { apiGet } from '../../../lib/api-client';
import { authKeys } from './auth-keys';

export const getInvitation = (token: string, signal?: AbortSignal) =>
  apiGet<TInvitation>(`/v1/user/registration/${encodeURIComponent(token)}`, { signal });

export const invitationQuery = (token: string) =>
  queryOptions({ queryKey: authKeys.invitation(token), queryFn: ({ signal }) => getInvitation(token, signal) });

export function useInvitation(token: string) {
  return useQuery(invitationQuery(token));
}
