import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUser } from '@vitrina/contract';
import { apiGet } from '../../../lib/api-client';
import { userKeys } from './user-keys';

export const getUser = (id: number, signal?: AbortSignal) => apiGet<TUser>(`/v1/user/info/${id}`, { signal });

export const userQuery = (id: number) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => getUser(id, signal), staleTime: 0 });

export function useUser(id: number | undefined) {
  return useQuery({ ...userQuery(id ?? 0), enabled: id !== undefined });
}
