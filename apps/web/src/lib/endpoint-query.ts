import {
  type QueryClient,
  queryOptions,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Endpoint, EndpointInput, EndpointResponse } from '@vitrina/contract';
import {
  type CallArgs,
  type CallOptions,
  callEndpoint,
  type EndpointTarget,
  type UploadInput,
  uploadEndpoint,
} from './api-client';

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
 * The input of a call to a generic endpoint, from parts already checked by that endpoint's
 * own schemas (a list's query parsed by its query schema, a form's body by its body schema).
 * `EndpointInput<E>` is a conditional type that TypeScript leaves unresolved while `E` is a
 * type parameter, so nothing is assignable to it in generic code; this is the one place
 * that asserts it, instead of a cast at every generic caller.
 */
export function endpointInput<E extends Endpoint>(parts: {
  params?: object;
  query?: object;
  body?: unknown;
}): EndpointInput<E> {
  const input: unknown = parts;
  return input as EndpointInput<E>;
}

export type EndpointMutationOptions<E extends Endpoint, V = EndpointInput<E>> = Omit<
  UseMutationOptions<EndpointResponse<E>, Error, V>,
  'mutationFn'
> & {
  /** Areas besides the endpoint's own to refresh after a success (a new user changes the role counts). */
  alsoInvalidates?: readonly string[];
  /**
   * false refreshes nothing: a call that uses up what a refetch would read again (an
   * invitation, a reset link), or that ends the session the refetch would be sent with.
   */
  isInvalidating?: boolean;
  /** How the call is sent: a sign-in's 401 is a wrong password, not an expired session (`isCredentialCheck`). */
  call?: Omit<CallOptions, 'signal'>;
};

/** The invalidation every mutation shares: the endpoint's area and `alsoInvalidates`, then the caller's onSuccess. */
function useAreaMutation<E extends Endpoint, V>(
  endpoint: E,
  mutationFn: (input: V) => Promise<EndpointResponse<E>>,
  options: EndpointMutationOptions<E, V>,
) {
  const queryClient = useQueryClient();
  const { alsoInvalidates = [], isInvalidating = true, call: _call, onSuccess, ...extras } = options;
  return useMutation({
    ...extras,
    mutationFn,
    onSuccess: async (...args) => {
      if (isInvalidating) await invalidateAreas(queryClient, [endpoint.tag, ...alsoInvalidates]);
      return onSuccess?.(...args);
    },
  });
}

/**
 * Calls a POST endpoint; on success the endpoint's own area and `alsoInvalidates` are
 * refetched, unless `isInvalidating` is false. Takes the mutation's own options
 * (onSuccess, onError, meta…) and how the call is sent (`call`).
 */
export function useEndpointMutation<E extends Endpoint>(endpoint: E, options: EndpointMutationOptions<E> = {}) {
  return useAreaMutation(
    endpoint,
    (input: EndpointInput<E>) => (callEndpoint as CallFn<E>)(endpoint, input, options.call),
    options,
  );
}

/** Sends a multipart upload to an endpoint, refreshing as `useEndpointMutation` does. */
export function useUploadMutation<E extends Endpoint & { isUpload: true }>(
  endpoint: E,
  options: EndpointMutationOptions<E, UploadInput<E>> = {},
) {
  return useAreaMutation(endpoint, (input: UploadInput<E>) => uploadEndpoint(endpoint, input), options);
}
