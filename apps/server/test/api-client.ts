import { type Endpoint, endpointPath } from '@vitrina/contract';
import type { LightMyRequestResponse as Response } from 'fastify';
import type { z } from 'zod';

type Schema<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S extends z.ZodType } ? S : never;
type Has<E, K extends 'params' | 'query' | 'body'> = [Schema<E, K>] extends [never] ? false : true;

/** A query value as it goes on the wire: the test writes what a client would put in the address. */
type QueryValue = string | number | boolean | null | undefined;

/**
 * What a test sends to an endpoint, typed by its declaration: its path params, query and body
 * as a client writes them (the schemas' input shapes), and who sends it.
 */
export type ApiRequest<E extends Endpoint> = (Has<E, 'params'> extends true
  ? { params: z.input<Schema<E, 'params'>> }
  : { params?: undefined }) &
  (Has<E, 'query'> extends true
    ? { query?: { [K in keyof z.input<Schema<E, 'query'>>]?: z.input<Schema<E, 'query'>>[K] | QueryValue } }
    : { query?: undefined }) &
  (Has<E, 'body'> extends true ? { body: z.input<Schema<E, 'body'>> } : { body?: undefined }) & {
    /** The session: an employee's or a customer's token. */
    token?: string;
    /** The Lang header (the locale of the answer's texts). */
    lang?: string;
    /** Any other header the test needs (a forwarded address, an idempotency key). */
    headers?: Record<string, string>;
    /** The client's address (the limits count per address); the injector's default otherwise. */
    remoteAddress?: string;
  };

/** The arguments after the endpoint: left out when the endpoint needs no input at all. */
type RequestArgs<E extends Endpoint> =
  object extends ApiRequest<E> ? [request?: ApiRequest<E>] : [request: ApiRequest<E>];

/** The API's error answer (DESIGN §2a): a message, and the fields it names. */
export type ApiErrorBody = { message: string; fields?: Record<string, string> };

/** The answer through the real HTTP layer, with the endpoint's success shape as `json()`. */
export type ApiResponse<E extends Endpoint> = Omit<Response, 'json'> & {
  /** The success answer as it is on the wire (the response schema's input shape). */
  json(): z.input<E['response']>;
  /** The error answer: `{ message, fields }`. */
  error(): ApiErrorBody;
};

/** Anything that can inject a request into the app: a test context, or one with its own app. */
type Injector = { app: { inject(options: object): PromiseLike<Response> } };

/**
 * One call of a contract endpoint through the real HTTP layer: `callApi(ctx, api.user.info,
 * { params: { id }, token })`. The address comes from the declaration, so a renamed path or
 * a changed shape breaks in the editor, not in CI.
 */
export async function callApi<E extends Endpoint>(
  ctx: Injector,
  endpoint: E,
  ...[request]: RequestArgs<E>
): Promise<ApiResponse<E>> {
  const {
    params,
    query,
    body,
    token,
    lang,
    headers: extra,
    remoteAddress,
  } = (request ?? {}) as ApiRequest<Endpoint> & {
    params?: Record<string, unknown>;
    query?: Record<string, QueryValue>;
    body?: unknown;
  };
  const headers: Record<string, string> = { ...extra };
  if (token) headers.authorization = `Bearer ${token}`;
  if (lang) headers.lang = lang;
  const response = await ctx.app.inject({
    method: endpoint.method,
    url: endpointPath(endpoint, params),
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
    ...(query ? { query: queryOf(query) } : {}),
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  return Object.assign(response, { error: () => response.json<ApiErrorBody>() }) as ApiResponse<E>;
}

/** A call that must answer 200: its typed body, or an error naming the endpoint, status and answer. */
export async function okApi<E extends Endpoint>(
  ctx: Injector,
  endpoint: E,
  ...args: RequestArgs<E>
): Promise<z.input<E['response']>> {
  const response = await callApi(ctx, endpoint, ...args);
  if (response.statusCode !== 200)
    throw new Error(`${endpoint.method} ${endpoint.path}: ${response.statusCode} ${response.body}`);
  return endpoint.format === 'json' || endpoint.format === undefined
    ? response.json()
    : (response.body as z.input<E['response']>);
}

/** The query as the address carries it: empty values left out, the rest as text. */
function queryOf(query: Record<string, QueryValue>): Record<string, string> {
  const text: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    text[key] = String(value);
  }
  return text;
}
