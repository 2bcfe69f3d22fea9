import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '@vitrina/contract';

/**
 * Counts failed logins per (address, email) and per address, in a sliding window.
 * In memory: with several instances each counts its own share (see docs/decisions.md).
 */
export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();
  private static readonly PER_ADDRESS_FACTOR = 4;

  constructor(
    private readonly maxFailures = LOGIN_MAX_FAILURES,
    private readonly windowMs = LOGIN_FAILURE_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Minutes until the caller may try again, or 0 when not blocked. */
  retryAfterMinutes(ip: string, email: string): number {
    const keys: [string, number][] = [
      [`${ip}|${email}`, this.maxFailures],
      [ip, this.maxFailures * LoginLimiter.PER_ADDRESS_FACTOR],
    ];
    let waitMs = 0;
    for (const [key, limit] of keys) {
      const recent = this.recent(key);
      if (recent.length >= limit)
        waitMs = Math.max(waitMs, recent[recent.length - limit]! + this.windowMs - this.now());
    }
    return waitMs > 0 ? Math.ceil(waitMs / 60_000) : 0;
  }

  recordFailure(ip: string, email: string): void {
    for (const key of [`${ip}|${email}`, ip]) this.failures.set(key, [...this.recent(key), this.now()]);
    if (this.failures.size > 100_000) this.prune();
  }

  recordSuccess(ip: string, email: string): void {
    this.failures.delete(`${ip}|${email}`);
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    return (this.failures.get(key) ?? []).filter((time) => time > cutoff);
  }

  private prune(): void {
    for (const key of this.failures.keys()) {
      if (this.recent(key).length === 0) this.failures.delete(key);
    }
  }
}
