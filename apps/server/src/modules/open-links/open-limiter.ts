import { type RateShare, RecentEvents } from '../../lib/recent-events.js';

/** Requests one address may make to the public open-link routes per window (pages and forms). */
export const OPEN_IP_LIMIT = 30;
/** Forms one link may take per window, from any address. */
export const OPEN_TOKEN_LIMIT = 5;
export const OPEN_WINDOW_MS = 10 * 60 * 1000;
/** Progress polls one address may make per window (a page polls every 2 s for at most 90 s). */
export const OPEN_PROGRESS_LIMIT = 240;

type Key = `ip:${string}` | `token:${string}` | `customer:${number}` | `progress:${string}`;

/**
 * A sliding-window counter per address and per link token for the public open-link routes,
 * on the same event memory as the login and reset limiters. `hit` counts the request and
 * answers the milliseconds to wait, or 0 when allowed; a refused request does not count.
 */
export class OpenLimiter {
  private readonly hits: RecentEvents<Key>;

  constructor(
    private readonly limits = {
      ip: OPEN_IP_LIMIT,
      token: OPEN_TOKEN_LIMIT,
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
      Math.max(limits.ip, limits.token, limits.progress),
      share,
    );
  }

  hit(ip: string, token?: string): number {
    const keys: [Key, number][] = [[`ip:${ip}`, this.limits.ip]];
    if (token !== undefined) keys.push([`token:${token.toLowerCase()}`, this.limits.token]);
    return this.count(keys);
  }

  /**
   * A signed-in customer's opening (the customer app): per address and per customer, not per
   * fridge. A guest link is anonymous, so its fridge is what is limited; an identified customer's
   * openings are their own (one at a time anyway: the sales gate refuses a second while the first
   * is unclosed), and a busy fridge at lunch must not turn away the sixth customer in ten minutes.
   */
  hitCustomer(ip: string, customerId: number): number {
    return this.count([
      [`ip:${ip}`, this.limits.ip],
      [`customer:${customerId}`, this.limits.token],
    ]);
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
