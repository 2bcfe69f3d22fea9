import { type Locale, resolveLocale, translate } from '@vitrina/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError, RequestValidationError } from '../lib/errors.js';
import { localiseIssues } from '../lib/validation.js';

export function localeOf(request: FastifyRequest): Locale {
  return resolveLocale(request.headers.lang);
}

function validationMessage(fields: Record<string, string>, locale: Locale): string {
  const entries = Object.entries(fields);
  if (entries.length === 1) {
    const [field, message] = entries[0]!;
    return field === '_' ? message : `${field}: ${message}`;
  }
  return `${translate('errors.bad_request', locale)}: ${entries.map(([field]) => field).join(', ')}`;
}

/**
 * PostgreSQL's class 22 (data exception: a number out of range, NUL in text, bad encoding)
 * means input got past a schema. The schemas are the guard; this is the net under them, so
 * the caller hears "bad input" instead of "server error", and the log says which schema leaks.
 */
function isDatabaseInputError(error: unknown): boolean {
  for (let cause = error, hops = 0; cause instanceof Error && hops < 5; hops += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    cause = cause.cause;
  }
  return false;
}

/** One place turns every failure into the `{ message, fields }` answer, localised by `Lang`. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError | AppError | RequestValidationError, request, reply: FastifyReply) => {
    const locale = localeOf(request);
    if (error instanceof AppError) {
      const fields = error.fields
        ? Object.fromEntries(
            Object.entries(error.fields).map(([field, key]) => [field, translate(key, locale, error.params)]),
          )
        : undefined;
      return reply.status(error.status).send({ message: translate(error.key, locale, error.params), fields });
    }
    if (error instanceof RequestValidationError) {
      const fields = localiseIssues(error.issues, locale);
      return reply.status(400).send({ message: validationMessage(fields, locale), fields });
    }
    if (isDatabaseInputError(error)) {
      request.log.warn({ err: error }, 'input reached the database unchecked');
      return reply.status(400).send({ message: translate('errors.bad_request', locale) });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is away (a restart, a failover): the caller may try again shortly, and the
      // log says so once per request without the stack of an unexpected failure.
      request.log.warn({ err: { message: error.message } }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ message: translate('errors.database_unavailable', locale) });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ message: translate('errors.payload_too_large', locale) });
    if (status === 429)
      return reply.status(429).send({ message: translate('errors.rate_limited', locale, { minutes: 1 }) });
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: the framework's text is the clearest we have.
      return reply.status(status).send({ message: `${translate('errors.bad_request', locale)}: ${error.message}` });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: translate('errors.internal', locale) });
  });
}
