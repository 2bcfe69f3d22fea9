import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

/** A client's `x-request-id` is kept only when it is short and safe to print in a log. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

const REDACTED = '[redacted]';
/**
 * Paths whose next segment is a capability: whoever holds it may act without signing in, so
 * a log reader must not see it (API and panel routes).
 */
const CAPABILITY_PREFIXES = [
  // Invitation and password-reset tokens.
  '(?:/v1/user)?/(?:registration|reset/password)',
  // Open-fridge and courier link tokens: the panel's pages and the API behind them; the customer
  // app's opening names the fridge's QR token the same way.
  '(?:/notauth|/v1)(?:/courier|/app)?/open/fridge',
  // The 3-D Secure challenge of the test bank: its token answers the bank's question for the buyer.
  '(?:/v1/notauth)?/test-bank/authenticate',
  // The door command of a link opening: its id shows the opening's progress and purchase.
  '/v1/open/door',
  // Public receipt links (the panel's page, the API's answer and its PDF).
  '(?:/v1/notauth)?/receipt',
];
const TOKEN_PATHS = new RegExp(`^((?:${CAPABILITY_PREFIXES.join('|')})/)[^/?#]+`, 'i');
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

/**
 * Fields that hold a capability or a secret wherever a log line carries a request's body or
 * its answer (a handler's or a job's own line): pino replaces their values.
 */
export const REDACTED_FIELDS = [
  'token',
  'password',
  'password_confirmation',
  'authorization',
  'code',
  'qr_token',
  'redirect_url',
  'invitation_link',
];
const REDACT_PATHS = ['body', 'payload', 'request.body', 'req.body', 'res.body', 'req.headers', 'data'].flatMap(
  (holder) => REDACTED_FIELDS.map((field) => `${holder}.${field}`),
);

/** The logger options given to Fastify, with the redacting request serializer and body fields added. */
export function loggerOptions(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { ...options.serializers, req: serializeRequest },
  };
}

/**
 * Fastify's per-request lines, one level down: "incoming request", "request
 * completed", a route not found and a client that went away mid-stream are `debug`
 * (`LOG_LEVEL=debug` shows them), so the console of a running server holds its start-up
 * summary, warnings and errors rather than a line per request. A request that failed with an
 * error or answered 5xx is still logged as an error (the error handler logs the cause too).
 */
export class QuietRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, _request: FastifyRequest, reply: FastifyReply) {
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else if (reply.statusCode >= 500)
      reply.log.error({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override routeNotFound(request: FastifyRequest) {
    request.log.debug({ req: request }, 'route not found');
  }

  override streamError(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply) {
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') reply.log.debug({ res: reply }, 'stream closed prematurely');
    else super.streamError(error, request, reply);
  }
}
