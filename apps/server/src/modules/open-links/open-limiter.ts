import type { FastifyReply } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { type RateShare, RecentEvents } from '../../lib/recent-events.js';
import { rateLimited } from './open-links.service.js';

/** Requests one address may make to the public open-link routes per window (pages and forms). */
export const OPEN_IP_LIMIT = 30;
/**
 * Refused or invalid form posts (or app taps) one client may make per window: a guest is an
 * address at a link, a signed-in customer is themselves. Another address's junk blocks nobody else.
 */
export const OPEN_REFUSED_LIMIT = 5;
/** Times one held attempt may come back (from its bank, or sent again) per window. */
export const OPEN_RETURN_LIMIT = 10;
export const OPEN_WINDOW_MS = 10 * 60 * 1000;
/** Progress polls one address may make per window (a page polls every 2 s for at most 90 s). */
export const OPEN_PROGRESS_LIMIT = 240;

type Key = `ip:${string}` | `refused:${string}` | `return:${string}` | `progress:${string}`;

/** Whose refused attempts count together: a guest's address at a link, or a signed-in customer. */
export const guestClient = (token: string, ip: string) => `link:${token.toLowerCase()}:${ip}`;
export const customerClient = (customerId: number) => `customer:${customerId}`;

/**
 * A sliding-window counter for the public open-link routes and the app's openings, on the same
 * event memory as the login and reset limiters. Every page and form counts against its address;
 * a form post or tap is also turned away once its client has made too many refused or invalid
 * attempts; an attempt already held (back from the bank's 3-D Secure, or sent again) counts
 * against nothing but its own allowance. A `hit…` answers the milliseconds to wait, or 0 when
 * allowed; a refused request does not count.
 */
export class OpenLimiter {
  private readonly hits: RecentEvents<Key>;

  constructor(
    private readonly limits = {
      ip: OPEN_IP_LIMIT,
      refused: OPEN_REFUSED_LIMIT,
      returns: OPEN_RETURN_LIMIT,
      progress: OPEN_PROGRESS_LIMIT,
      windowMs: OPEN_WINDOW_MS,
    },
    /** The context clock's milliseconds (open-links.routes.ts). */
    now: () => number,
    share?: RateShare,
  ) {
    this.hits = new RecentEvents<Key>(
      () => limits.windowMs,
      now,
      Math.max(limits.ip, limits.refused, limits.returns, limits.progress),
      share,
    );
  }

  /** A page or a card setup: per address. */
  hit(ip: string): number {
    return this.count([[`ip:${ip}`, this.limits.ip]]);
  }

  /** A new attempt (a form post, an app's tap): per address, and refused while its client is over its refusals. */
  hitAttempt(ip: string, client: string): number {
    const waitMs = this.hits.waitMs(`refused:${client}`, this.limits.refused);
    return waitMs > 0 ? waitMs : this.count([[`ip:${ip}`, this.limits.ip]]);
  }

  /** The client's attempt was refused or invalid: it counts towards the client's limit. */
  refused(client: string): void {
    this.hits.record(`refused:${client}`);
  }

  /** An attempt already held, sent again (`attempt`: its hold's key): only its own allowance. */
  hitReturn(attempt: string): number {
    return this.count([[`return:${attempt}`, this.limits.returns]]);
  }

  /** Progress polls count apart from pages and forms, with a larger allowance. */
  hitProgress(ip: string): number {
    return this.count([[`progress:${ip}`, this.limits.progress]]);
  }

  private count(keys: [Key, number][]): number {
    const waitMs = Math.max(...keys.map(([key, limit]) => this.hits.waitMs(key, limit)));
    if (waitMs > 0) return waitMs;
    for (const [key] of keys) this.hits.record(key);
    return 0;
  }
}

/**
 * Refused or invalid, so counted against the client: bad input, a link that opens nothing, a
 * refusal (§8, a declined card). Not another request's opening in progress, which is no fault of
 * this one, nor a limit's own answer.
 */
function isRefusedAttempt(error: unknown): boolean {
  if (!(error instanceof AppError)) return false;
  if (error.key === 'open.opening_in_progress') return false;
  return error.status === 400 || error.status === 404 || error.status === 409;
}

/** Answers 429 with its Retry-After when `waitMs` says to wait. */
export function refuseIfLimited(reply: FastifyReply, waitMs: number): void {
  if (waitMs <= 0) return;
  reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
  throw rateLimited(waitMs);
}

/**
 * One form post or tap under the limits: `heldKey`, the hold key of an attempt already held
 * (null for a new one), takes only the return allowance; otherwise the address counts and the
 * client's refusals are asked. Whatever `open` refuses counts as the client's refused attempt.
 */
export async function underAttemptLimits<T>(
  limiter: OpenLimiter,
  reply: FastifyReply,
  attempt: { ip: string; client: string; heldKey: string | null },
  open: () => Promise<T>,
): Promise<T> {
  refuseIfLimited(
    reply,
    attempt.heldKey ? limiter.hitReturn(attempt.heldKey) : limiter.hitAttempt(attempt.ip, attempt.client),
  );
  try {
    return await open();
  } catch (error) {
    if (isRefusedAttempt(error)) limiter.refused(attempt.client);
    throw error;
  }
}
