import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TResetTokenInfo } from '@vitrina/contract';
import { apiGet } from '../../../lib/api-client';
import { authKeys } from './auth-keys';

export const getResetToken = (token: string, signal?: AbortSignal) =>
  apiGet<TResetTokenInfo>(`/v1/user/reset/password/${encodeURIComponent(token)}`, { signal });

export const resetTokenQuery = (token: string) =>
  queryOptions({ queryKey: authKeys.resetToken(token), queryFn: ({ signal }) => getResetToken(token, signal) });

export function useResetToken(token: string) {
  return useQuery(resetTokenQuery(token));
}
