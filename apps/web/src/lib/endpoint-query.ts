import {
  type QueryClient,
  queryOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Endpoint, EndpointInput, EndpointResponse } from '@vitrina/contract';
import { type CallArgs, callEndpoint, type EndpointTarget } from './api-client';

/**
 * Query keys come from the endpoint: `[area, path, input]`. Invalidating `[area]` refreshes
 * every list, card and option of that area after a change.
 */
export const endpointKey = (endpoint: Pick<Endpoint, 'tag' | 'path'>, input?: object) =>
  [endpoint.tag, endpoint.path, input ?? {}] as const;

export function endpointQuery<E extends Endpoint>(endpoint: EndpointTarget<E>, ...[input, options]: CallArgs<E>) {
  return queryOptions({
    queryKey: endpointKey(endpoint, input),
    queryFn: ({ signal }) => (callEndpoint as CallFn<E>)(endpoint, input, { ...options, signal }),
  });
}

type CallFn<E extends Endpoint> = (
  endpoint: EndpointTarget<E>,
  input: EndpointInput<E> | undefined,
  options: CallArgs<E>[1],
) => Promise<EndpointResponse<E>>;

type QueryExtras<E extends Endpoint> = Omit<
  UseQueryOptions<EndpointResponse<E>, Error, EndpointResponse<E>, ReturnType<typeof endpointKey>>,
  'queryKey' | 'queryFn'
>;

/** Reads a GET endpoint through TanStack Query. */
export function useEndpoint<E extends Endpoint>(
  endpoint: EndpointTarget<E>,
  input: EndpointInput<E> | undefined,
  extras: QueryExtras<E> = {},
) {
  return useQuery({ ...endpointQuery(endpoint, ...([input] as CallArgs<E>)), ...extras });
}

/** Refreshes everything cached for these areas (endpoint tags). */
export function invalidateAreas(queryClient: QueryClient, areas: readonly string[]) {
  return Promise.all(areas.map((area) => queryClient.invalidateQueries({ queryKey: [area] })));
}

/**
 * Calls a POST endpoint; on success the endpoint's own area and `alsoInvalidates` are
 * refetched (a new user changes the role counts, so users also invalidate roles).
 */
export function useEndpointMutation<E extends Endpoint>(endpoint: E, options: { alsoInvalidates?: string[] } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EndpointInput<E>) => (callEndpoint as CallFn<E>)(endpoint, input, undefined),
    onSuccess: () => invalidateAreas(queryClient, [endpoint.tag, ...(options.alsoInvalidates ?? [])]),
  });
}
