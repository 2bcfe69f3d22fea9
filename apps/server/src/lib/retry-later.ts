/**
 * A job's failure that says when to try again: an outside service answered "not now, come
 * back in N seconds" (Telegram's `retry_after`, an HTTP `Retry-After`). The job runner waits
 * at least that long, and at least its usual back-off.
 */
export class RetryLaterError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}

/**
 * An HTTP `Retry-After` value (RFC 9110 §10.2.3: seconds, or an HTTP date) as milliseconds
 * from `nowMs`; null when absent or unreadable.
 */
export function retryAfterMs(header: string | null | undefined, nowMs: number): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}
