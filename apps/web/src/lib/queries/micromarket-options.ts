import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMicromarketOptions } from '@vitrina/contract';
import { apiGet } from '../api-client';
import { optionKeys } from './option-keys';

export const listMicromarketOptions = (signal?: AbortSignal) =>
  apiGet<TMicromarketOptions>('/v1/device/options', { signal });

export const micromarketOptionsQuery = () =>
  queryOptions({ queryKey: optionKeys.micromarkets(), queryFn: ({ signal }) => listMicromarketOptions(signal) });

export function useMicromarketOptions() {
  return useQuery(micromarketOptionsQuery());
}
