import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';

/** A client's `x-request-id` is kept only when it is short and safe to print in a log. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

const REDACTED = '[redacted]';
/** Paths whose last segment is an invitation or password-reset token (API and panel routes). */
const TOKEN_PATHS = /^((?:\/v1\/user)?\/(?:registration|reset\/password)\/)[^/?#]+/;
/** `?token=` (the panel's /auth-redirect) and any other token-like query value. */
const TOKEN_QUERY = /([?&](?:token|access_token|code)=)[^&#]*/gi;

/** The URL as it may be logged: tokens replaced, so the log cannot be used to sign in. */
export function redactUrl(url: string): string {
  return url.replace(TOKEN_PATHS, `$1${REDACTED}`).replace(TOKEN_QUERY, `$1${REDACTED}`);
}

/** The caller's request id when it is safe, otherwise a fresh UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && REQUEST_ID_PATTERN.test(header) ? header : randomUUID();
}

type LoggedRequest = {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/** Fastify's own request fields, with the URL redacted; headers (and so Authorization) stay out. */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The logger options given to Fastify, with the redacting request serializer added. */
export function loggerOptions(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: serializeRequest } };
}
