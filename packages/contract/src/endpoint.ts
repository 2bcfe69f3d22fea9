import type { z } from 'zod';
import type { Permission } from './permissions.js';

/**
 * One HTTP endpoint, declared once: the server registers its route from this, the web
 * calls it through a typed client built on it, and the route tests walk every one of them.
 */
export type Endpoint = {
  method: 'GET' | 'POST';
  /** Fastify-style path: `/v1/user/info/:id`. */
  path: string;
  /** A short English line: the operation's title in the OpenAPI document. */
  summary: string;
  /** OpenAPI group. */
  tag: string;
  /** Answers without a session (sign-in, registration, public pages). */
  isPublic?: boolean;
  /**
   * `customer`: the customer app's endpoint, called with a customer's session (employees'
   * sessions are refused there, as customers' are everywhere else); it takes no permissions.
   */
  audience?: 'customer';
  /** The caller needs at least one of these; omitted on a non-public endpoint: any signed-in user. */
  permissions?: readonly Permission[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The request is multipart with one file (and optional text fields). */
  isUpload?: boolean;
  /** A JSON body larger than the server's default limit (1 MiB), in bytes: a bulk import. */
  bodyLimit?: number;
  /**
   * The 200 answer; `format: 'csv'` answers text/csv as a download, `'file'` a download
   * whose name and type the handler gives (CSV, XLSX, PDF), `'event-stream'` is a
   * server-sent event stream the handler writes itself, `'text'` plain text (a webhook
   * handshake's echo), `'html'` a page of the server's own (the test bank's challenge).
   */
  response: z.ZodType;
  format?: 'json' | 'csv' | 'file' | 'event-stream' | 'text' | 'html';
  /**
   * Error statuses its own rules answer beyond those its shape implies (`errorStatusesOf`):
   * 404 for an id in the body that is not there or not yours, 403 for a rule on what the
   * caller holds, 409 for a conflict or an illegal change, 429 for a rate limit.
   */
  errors?: readonly ErrorStatus[];
};

/** The statuses of the API's `{ message, fields }` answers (DESIGN §2a). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429;

/**
 * The error statuses a caller who sends the declared shape can meet, for OpenAPI: 400 when
 * there is input to refuse, 401 when a session is needed, 403 when a permission is, 404
 * when the path names a row, 413 for an upload, and the declared `errors`. Requests outside
 * the shape (malformed JSON, a body past the 1 MB limit) may answer 400 or 413 anywhere;
 * that is said once for the whole API, not on every route.
 */
export function errorStatusesOf(endpoint: Endpoint): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(endpoint.errors);
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.isUpload) statuses.add(400);
  if (!endpoint.isPublic) statuses.add(401);
  if (!endpoint.isPublic && !endpoint.audience && endpoint.permissions?.length) statuses.add(403);
  if (/:\w/.test(endpoint.path)) statuses.add(404);
  if (endpoint.isUpload) statuses.add(413);
  return [...statuses].sort((a, b) => a - b);
}

/** Keeps the literal types of a declaration so server and web infer its shapes. */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

type Schema<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S extends z.ZodType } ? S : never;

/** What the server's handler receives once the schemas have parsed the request. */
export type EndpointParams<E extends Endpoint> = [Schema<E, 'params'>] extends [never]
  ? undefined
  : z.output<Schema<E, 'params'>>;
export type EndpointQuery<E extends Endpoint> = [Schema<E, 'query'>] extends [never]
  ? undefined
  : z.output<Schema<E, 'query'>>;
export type EndpointBody<E extends Endpoint> = [Schema<E, 'body'>] extends [never]
  ? undefined
  : z.output<Schema<E, 'body'>>;
export type EndpointResponse<E extends Endpoint> = z.output<E['response']>;

/** What a client sends: path params, query values (parsed shapes serialise back to the same text), body. */
export type EndpointInput<E extends Endpoint> = ([Schema<E, 'params'>] extends [never]
  ? { params?: undefined }
  : { params: z.input<Schema<E, 'params'>> }) &
  ([Schema<E, 'query'>] extends [never] ? { query?: undefined } : { query?: Partial<z.output<Schema<E, 'query'>>> }) &
  ([Schema<E, 'body'>] extends [never] ? { body?: undefined } : { body: z.input<Schema<E, 'body'>> });

/** The path with its `:name` segments filled in, each value URL-encoded. */
export function endpointPath(endpoint: Pick<Endpoint, 'path'>, params?: Record<string, unknown>): string {
  return endpoint.path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`${endpoint.path}: missing ${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * What an endpoint's success answer looks like on the wire, for the OpenAPI document. It is
 * typed by the response schema, and a test parses it with that schema and validates it
 * against the served document's JSON Schema.
 */
export type EndpointExample<E extends Endpoint> = z.input<E['response']>;

/** One example per endpoint of an area: an endpoint added without its example fails the type check. */
export type AreaExamples<A extends Record<string, Endpoint>> = { readonly [K in keyof A]: EndpointExample<A[K]> };
