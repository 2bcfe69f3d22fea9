import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrganizationOptions } from '@vitrina/contract';
import { apiGet } from '../api-client';
import { optionKeys } from './option-keys';

export type { TOrganizationOptions };

export const listOrganizationOptions = (signal?: AbortSignal) =>
  apiGet<TOrganizationOptions>('/v1/organization/options', { signal });

export const organizationOptionsQuery = () =>
  queryOptions({ queryKey: optionKeys.organizations(), queryFn: ({ signal }) => listOrganizationOptions(signal) });

export function useOrganizationOptions() {
  return useQuery(organizationOptionsQuery());
}
