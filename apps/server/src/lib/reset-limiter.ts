import { RESET_TOKEN_TTL_MS } from '@vitrina/contract';
import { normalEmail, type RateShare, RecentEvents } from './recent-events.js';

/** Reset requests one address may make in `RESET_ADDRESS_WINDOW_MS`, whatever the emails. */
export const RESET_REQUESTS_PER_ADDRESS = 10;
export const RESET_ADDRESS_WINDOW_MS = 60 * 60 * 1000;
/** Reset mails one email may be sent in `RESET_ACCOUNT_WINDOW_MS`, whatever the addresses. */
export const RESET_REQUESTS_PER_ACCOUNT = 3;
/**
 * As long as a link lives: while an email is held back, the last link mailed to it still
 * works, so a flood of requests cannot keep the real user from resetting.
 */
export const RESET_ACCOUNT_WINDOW_MS = RESET_TOKEN_TTL_MS;

type Key = `ip:${string}` | `account:${string}`;

/**
 * Counts password-reset requests per address and per email. The email is counted whether
 * or not an account has it, so a refusal tells nothing about which emails exist. A refused
 * request does not count. In memory and shared, like the login limiter.
 */
export class ResetLimiter {
  private readonly requests: RecentEvents<Key>;

  constructor(now: () => number, share?: RateShare) {
    this.requests = new RecentEvents<Key>(
      (key) => (key.startsWith('account:') ? RESET_ACCOUNT_WINDOW_MS : RESET_ADDRESS_WINDOW_MS),
      now,
      undefined,
      share,
    );
  }

  /** Milliseconds before this address may ask for a link to this email, or 0. */
  retryAfterMs(ip: string, email: string): number {
    return Math.max(
      this.requests.waitMs(`ip:${ip}`, RESET_REQUESTS_PER_ADDRESS),
      this.requests.waitMs(`account:${normalEmail(email)}`, RESET_REQUESTS_PER_ACCOUNT),
    );
  }

  record(ip: string, email: string): void {
    this.requests.record(`ip:${ip}`);
    this.requests.record(`account:${normalEmail(email)}`);
  }
}
