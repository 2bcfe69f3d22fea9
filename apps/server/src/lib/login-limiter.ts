import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '@vitrina/contract';
import { normalEmail, type RateShare, RecentEvents } from './recent-events.js';

/** Failures one account may have, from any addresses, before its attempts are spaced out. */
export const ACCOUNT_FREE_FAILURES = 10;
/** How long a failure counts against its account. */
export const ACCOUNT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The wait after the first failure beyond the free ones; it doubles with each further failure. */
export const ACCOUNT_FIRST_DELAY_MS = 15_000;
/** The longest wait: slows a guesser down without letting anyone lock the real user out for long. */
export const ACCOUNT_MAX_DELAY_MS = 15 * 60 * 1000;

type Key = `pair:${string}` | `ip:${string}` | `account:${string}`;

/**
 * Counts failed logins per (address, email) and per address in a sliding window, and per
 * account (email) over a day, whatever the address. In memory, shared with the other
 * instances when given a `share` (see rate-sharing.ts).
 */
export class LoginLimiter {
  private readonly failures: RecentEvents<Key>;
  private static readonly PER_ADDRESS_FACTOR = 4;

  constructor(
    private readonly maxFailures = LOGIN_MAX_FAILURES,
    windowMs = LOGIN_FAILURE_WINDOW_MS,
    /** The context clock's milliseconds (auth.routes.ts), so tests move time without sleeping. */
    now: () => number,
    share?: RateShare,
  ) {
    this.failures = new RecentEvents<Key>(
      (key) => (key.startsWith('account:') ? ACCOUNT_WINDOW_MS : windowMs),
      now,
      undefined,
      share,
    );
  }

  /** Minutes until this address may try again (for this email, or at all), or 0 when not blocked. */
  retryAfterMinutes(ip: string, email: string): number {
    const waitMs = Math.max(
      this.failures.waitMs(`pair:${ip}|${normalEmail(email)}`, this.maxFailures),
      this.failures.waitMs(`ip:${ip}`, this.maxFailures * LoginLimiter.PER_ADDRESS_FACTOR),
    );
    return waitMs > 0 ? Math.ceil(waitMs / 60_000) : 0;
  }

  /**
   * Milliseconds before the next attempt on this account, from any address, or 0. After the
   * free failures each further one doubles the wait, up to the cap; the wait runs from the
   * last failure, and a refused attempt is not a failure, so waiting out the delay is enough.
   */
  accountRetryAfterMs(email: string): number {
    const recent = this.failures.recent(`account:${normalEmail(email)}`);
    const beyond = recent.length - ACCOUNT_FREE_FAILURES;
    if (beyond < 0) return 0;
    const delay = Math.min(ACCOUNT_FIRST_DELAY_MS * 2 ** Math.min(beyond, 30), ACCOUNT_MAX_DELAY_MS);
    return Math.max(0, recent[recent.length - 1]! + delay - this.failures.now());
  }

  recordFailure(ip: string, email: string): void {
    for (const key of [`pair:${ip}|${normalEmail(email)}`, `ip:${ip}`, `account:${normalEmail(email)}`] as const)
      this.failures.record(key);
  }

  /**
   * Clears this address's count for the email. The account's count stays: the real user
   * signing in must not hand an attacker elsewhere a fresh set of free guesses.
   */
  recordSuccess(ip: string, email: string): void {
    this.failures.forget(`pair:${ip}|${normalEmail(email)}`);
  }
}
