import {
  type Endpoint,
  type EndpointInput,
  type EndpointResponse,
  ERROR_MESSAGE_DURATION_S,
  endpointPath,
  REQUEST_TIMEOUT_MS,
  UNAUTHORIZED_RELOAD_DELAY_MS,
} from '@vitrina/contract';
import { ApiError } from './api-error';
import { clearToken, getLocaleCookie, getToken, setToken } from './cookies';
import { i18n } from './i18n';
import { getMessage } from './notify';

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Multipart upload; sent as is, the browser sets its boundary. */
  formData?: FormData;
  /** Uploads may take longer than the usual 10 s (spec §9: up to a minute). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The caller shows the error itself (session check). */
  isSilent?: boolean;
  /** A 401 here means wrong credentials, not an expired session: no reload. */
  isCredentialCheck?: boolean;
};

export function buildQueryString(query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function buildHeaders(hasBody: boolean, token: string | undefined): Headers {
  const headers = new Headers({ Lang: getLocaleCookie(), Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (hasBody) headers.set('Content-Type', 'application/json');
  return headers;
}

function combineSignals(signal?: AbortSignal, timeoutMs = REQUEST_TIMEOUT_MS): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/**
 * What a call that got no answer says, in the interface language: the browser's own words
 * ("Failed to fetch", "signal timed out") are neither translated nor helpful. Status 0.
 */
export function transportError(cause: unknown, timeoutMs = REQUEST_TIMEOUT_MS): ApiError {
  const isTimeout = cause instanceof Error && cause.name === 'TimeoutError';
  const message = isTimeout
    ? i18n.t('common.timeout', { seconds: Math.round(timeoutMs / 1000) })
    : i18n.t('common.network_error');
  return new ApiError({ status: 0, message });
}

async function readError(response: Response): Promise<ApiError> {
  const payload: unknown = await response.json().catch(() => null);
  const record = (payload ?? {}) as { message?: unknown; fields?: unknown };
  const message = typeof record.message === 'string' && record.message ? record.message : 'Error';
  const fields = record.fields && typeof record.fields === 'object' ? (record.fields as Record<string, string>) : {};
  return new ApiError({ status: response.status, message, fields });
}

function reportError(error: ApiError, options: RequestOptions, sentWith: string | undefined): void {
  // A 401 for a session the panel has since replaced (a role switch, a new sign-in while the
  // call was on its way) is about a session already gone: the new one must not be cleared.
  if (error.status === 401 && getToken() !== sentWith) return;
  if (options.isSilent) return;
  getMessage().error(error.message, ERROR_MESSAGE_DURATION_S);
  if (error.status === 401 && !options.isCredentialCheck) {
    clearToken();
    window.setTimeout(() => window.location.reload(), UNAUTHORIZED_RELOAD_DELAY_MS);
  }
}

/** Sends a call and returns the raw response once it is 2xx; errors are reported per spec §8. */
export async function send(path: string, options: RequestOptions = {}): Promise<Response> {
  const hasBody = options.body !== undefined;
  const sentWith = getToken();
  let response: Response;
  try {
    response = await fetch(`${path}${buildQueryString(options.query)}`, {
      method: options.method ?? 'GET',
      headers: buildHeaders(hasBody, sentWith),
      body: options.formData ?? (hasBody ? JSON.stringify(options.body) : undefined),
      signal: combineSignals(options.signal, options.timeoutMs),
    });
  } catch (cause) {
    // A caller's own abort (query cancelled) is not a user-facing failure.
    if (options.signal?.aborted) throw cause;
    const error = transportError(cause, options.timeoutMs);
    reportError(error, options, sentWith);
    throw error;
  }
  if (!response.ok) {
    const error = await readError(response);
    reportError(error, options, sentWith);
    throw error;
  }
  const token = getToken();
  if (token) setToken(token);
  return response;
}

async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** Spec §9: a file upload may take up to a minute. */
const UPLOAD_TIMEOUT_MS = 60_000;

export type CallOptions = Pick<RequestOptions, 'signal' | 'isSilent' | 'isCredentialCheck' | 'timeoutMs'>;

/** The arguments of a call: the input may be left out when the endpoint needs none. */
export type CallArgs<E extends Endpoint> =
  object extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];

/**
 * An endpoint named by its address alone (method, path, area), typed by its declaration.
 * Naming it from `api` brings zod and every schema of the contract along, so the sign-in
 * path (login, the session check, the dashboard) uses addresses to keep its first download
 * small. An address that drifts from the declaration does not compile: its fields are the
 * declaration's literal types.
 */
export type EndpointAddress<E extends Endpoint> = Pick<E, 'method' | 'path' | 'tag'> & {
  /** Never set: it carries the declaration's type, for the input and the answer. */
  readonly declaration?: E;
};

/** What the calls accept: the declaration itself, or its address. */
export type EndpointTarget<E extends Endpoint> = E | EndpointAddress<E>;

type AnyInput = { params?: unknown; query?: unknown; body?: unknown };

function requestOf(endpoint: Pick<Endpoint, 'method'>, input: AnyInput = {}): RequestOptions {
  return {
    method: endpoint.method,
    query: input.query as Record<string, QueryValue> | undefined,
    body: endpoint.method === 'POST' ? (input.body ?? {}) : undefined,
  };
}

/** Sends a contract endpoint: its path, method, query and body, typed by its declaration. */
export function callEndpoint<E extends Endpoint>(endpoint: EndpointTarget<E>, ...[input, options]: CallArgs<E>) {
  const path = endpointPath(endpoint, input?.params as Record<string, unknown> | undefined);
  return request<EndpointResponse<E>>(path, { ...requestOf(endpoint, input), ...options });
}

/** The raw answer of an endpoint that is not JSON (a CSV download). */
export function sendEndpoint<E extends Endpoint>(endpoint: EndpointTarget<E>, ...[input, options]: CallArgs<E>) {
  const path = endpointPath(endpoint, input?.params as Record<string, unknown> | undefined);
  return send(path, { ...requestOf(endpoint, input), ...options });
}

/** What an upload sends: the path's params and the multipart body (one file and text fields). */
export type UploadInput<E extends Endpoint> = { params?: EndpointInput<E>['params']; formData: FormData };

/** Uploads one file (and text fields) to a multipart endpoint. */
export function uploadEndpoint<E extends Endpoint & { isUpload: true }>(endpoint: E, input: UploadInput<E>) {
  const path = endpointPath(endpoint, input.params as Record<string, unknown> | undefined);
  return request<EndpointResponse<E>>(path, { method: 'POST', formData: input.formData, timeoutMs: UPLOAD_TIMEOUT_MS });
}
