import { api, PAGE_SIZE_MAX } from '@vitrina/contract';
import { useEndpoint } from '../endpoint-query';

/** Makers for pickers, by name; any maker change refreshes them with the makers area. */
export function useMakerOptions(orgId?: number) {
  return useEndpoint(api.maker.list, { query: { org_id: orgId, sort: 'name', per_page: PAGE_SIZE_MAX } });
}
