import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TListUsersQueryParsed, TUserList } from '@vitrina/contract';
import { apiGet, type QueryValue } from '../../../lib/api-client';
import { userKeys } from './user-keys';

/** The list query as the server reads it after parsing (numbers and booleans, not strings). */
export type TUsersQuery = TListUsersQueryParsed;

export const listUsers = (query: TUsersQuery, signal?: AbortSignal) =>
  apiGet<TUserList>('/v1/user/list', { query: query as Record<string, QueryValue>, signal });

export const usersQuery = (query: TUsersQuery) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => listUsers(query, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(query: TUsersQuery) {
  return useQuery(usersQuery(query));
}
