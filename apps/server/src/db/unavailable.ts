/**
 * Whether `error` (or one of its causes: drizzle wraps the driver's error) says the database
 * cannot be reached right now, rather than that the statement was wrong: the server answers
 * 503 and keeps device messages unacknowledged until it is back (DESIGN §11).
 * - PostgreSQL's class 08 (connection exception) and 57P01–57P03 (the server is shutting down,
 *   crashed, or not accepting connections yet), 53300 (too many connections);
 * - the socket's own failures (refused, reset, timed out, name not resolved);
 * - node-postgres's words for a connection that ended under it or never opened in time.
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, hops = 0; cause instanceof Error && hops < 5; hops += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SOCKET.has(code))) return true;
    if (cause instanceof AggregateError && cause.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    if (UNAVAILABLE_MESSAGE.test(cause.message)) return true;
    cause = cause.cause;
  }
  return false;
}
