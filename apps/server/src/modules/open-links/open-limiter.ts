/** Requests one address may make to the public open-link routes per window (pages and forms). */
export const OPEN_IP_LIMIT = 30;
/** Forms one link may take per window, from any address. */
export const OPEN_TOKEN_LIMIT = 5;
export const OPEN_WINDOW_MS = 10 * 60 * 1000;
/** Progress polls one address may make per window (a page polls every 2 s for at most 90 s). */
export const OPEN_PROGRESS_LIMIT = 240;

/**
 * A sliding-window counter per address and per link token for the public open-link routes.
 * In memory, like the login limiter: with several instances each counts its own share.
 * `hit` counts the request and answers the milliseconds to wait, or 0 when allowed.
 */
export class OpenLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limits = {
      ip: OPEN_IP_LIMIT,
      token: OPEN_TOKEN_LIMIT,
      progress: OPEN_PROGRESS_LIMIT,
      windowMs: OPEN_WINDOW_MS,
    },
    private readonly now: () => number = Date.now,
  ) {}

  hit(ip: string, token?: string): number {
    const keys: [string, number][] = [[`ip:${ip}`, this.limits.ip]];
    if (token !== undefined) keys.push([`token:${token.toLowerCase()}`, this.limits.token]);
    return this.count(keys);
  }

  /** Progress polls count apart from pages and forms, with a larger allowance. */
  hitProgress(ip: string): number {
    return this.count([[`progress:${ip}`, this.limits.progress]]);
  }

  private count(keys: [string, number][]): number {
    let waitMs = 0;
    for (const [key, limit] of keys) {
      const recent = this.recent(key);
      if (recent.length >= limit)
        waitMs = Math.max(waitMs, recent[recent.length - limit]! + this.limits.windowMs - this.now());
    }
    if (waitMs > 0) return waitMs;
    for (const [key] of keys) this.hits.set(key, [...this.recent(key), this.now()]);
    if (this.hits.size > 100_000) this.prune();
    return 0;
  }

  private recent(key: string): number[] {
    const since = this.now() - this.limits.windowMs;
    return (this.hits.get(key) ?? []).filter((at) => at > since);
  }

  private prune() {
    for (const key of [...this.hits.keys()]) if (this.recent(key).length === 0) this.hits.delete(key);
  }
}
