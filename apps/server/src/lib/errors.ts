import type { MessageKey } from '@vitrina/contract';
import type { z } from 'zod';

/** A known failure: the error handler answers `status` with the translated `key`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly fields?: Record<string, MessageKey>,
  ) {
    super(key);
  }
}

export const badRequest = (key: MessageKey, fields?: Record<string, MessageKey>) => new AppError(400, key, {}, fields);
export const unauthorized = () => new AppError(401, 'errors.unauthorized');
export const forbidden = (key: MessageKey = 'errors.forbidden', params: Record<string, string | number> = {}) =>
  new AppError(403, key, params);
export const notFound = (key: MessageKey = 'errors.not_found') => new AppError(404, key);
export const conflict = (key: MessageKey, params: Record<string, string | number> = {}) =>
  new AppError(409, key, params);

/** Input that failed a contract schema; the handler localises each issue. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly issues: z.core.$ZodIssue[],
    readonly part: string,
  ) {
    super('Validation failed');
  }
}
