import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRoleOptions } from '@vitrina/contract';
import { apiGet } from '../api-client';
import { optionKeys } from './option-keys';

export type { TRoleOptions };

export const listRoleOptions = (signal?: AbortSignal) => apiGet<TRoleOptions>('/v1/user/roles', { signal });

export const roleOptionsQuery = () =>
  queryOptions({ queryKey: optionKeys.roles(), queryFn: ({ signal }) => listRoleOptions(signal) });

export function useRoleOptions(options: { isEnabled?: boolean } = {}) {
  return useQuery({ ...roleOptionsQuery(), enabled: options.isEnabled ?? true });
}
