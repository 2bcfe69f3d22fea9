import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_MAX, type TMakerList } from '@vitrina/contract';
import { apiGet } from '../api-client';
import { optionKeys } from './option-keys';

export const listMakerOptions = (orgId?: number, signal?: AbortSignal) =>
  apiGet<TMakerList>('/v1/maker/list', { query: { org_id: orgId, sort: 'name', per_page: PAGE_SIZE_MAX }, signal });

export const makerOptionsQuery = (orgId?: number) =>
  queryOptions({ queryKey: optionKeys.makers(orgId), queryFn: ({ signal }) => listMakerOptions(orgId, signal) });

export function useMakerOptions(orgId?: number) {
  return useQuery(makerOptionsQuery(orgId));
}
