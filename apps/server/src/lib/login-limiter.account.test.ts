import { describe, expect, it } from 'vitest';
import { LoginLimiter } from './login-limiter.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** Failures of one account from as many addresses, so only the per-account rule applies. */
function failFromManyAddresses(limiter: LoginLimiter, email: string, count: number, offset = 0) {
  for (let i = 0; i < count; i++) limiter.recordFailure(`10.0.${offset}.${i}`, email);
}

describe('LoginLimiter per account', () => {
  it('lets 10 failures through, then asks for a wait that doubles with each further failure', () => {
    let now = 1_000_000_000;
    const limiter = new LoginLimiter(undefined, undefined, () => now);
    failFromManyAddresses(limiter, 'a@b.c', 9);
    expect(limiter.accountRetryAfterMs('a@b.c')).toBe(0);
    failFromManyAddresses(limiter, 'a@b.c', 1, 1);
    expect(limiter.accountRetryAfterMs('a@b.c')).toBe(15 * SECOND);
    expect(limiter.accountRetryAfterMs('A@B.C ')).toBe(15 * SECOND);
    now += 15 * SECOND;
    expect(limiter.accountRetryAfterMs('a@b.c')).toBe(0);
    failFromManyAddresses(limiter, 'a@b.c', 1, 2);
    expect(limiter.accountRetryAfterMs('a@b.c')).toBe(30 * SECOND);
    now += 30 * SECOND;
    failFromManyAddresses(limiter, 'a@b.c', 1, 3);
    expect(limiter.accountRetryAfterMs('a@b.c')).toBe(MINUTE);
    expect(limiter.accountRetryAfterMs('other@b.c')).toBe(0);
  });

  it('never asks for more than 15 minutes, so nobody can lock an account for long', () => {
    const now = 1_000_000_000;
    const limiter = new LoginLimiter(undefined, undefined, () => now);
    failFromManyAddresses(limiter, 'a@b.c', 200);
    expect(limiter.accountRetryAfterMs('a@b.c')).toBe(15 * MINUTE);
  });

  it('forgets an account’s failures after a day', () => {
    let now = 1_000_000_000;
    const limiter = new LoginLimiter(undefined, undefined, () => now);
    failFromManyAddresses(limiter, 'a@b.c', 12);
    expect(limiter.accountRetryAfterMs('a@b.c')).toBeGreaterThan(0);
    now += 24 * 60 * MINUTE + 1;
    expect(limiter.accountRetryAfterMs('a@b.c')).toBe(0);
  });

  it('keeps counting an account’s failures after a success, so the real user signing in does not reset an attack', () => {
    const now = 1_000_000_000;
    const limiter = new LoginLimiter(undefined, undefined, () => now);
    failFromManyAddresses(limiter, 'a@b.c', 10);
    limiter.recordSuccess('10.0.0.1', 'a@b.c');
    expect(limiter.accountRetryAfterMs('a@b.c')).toBe(15 * SECOND);
    expect(limiter.retryAfterMinutes('10.0.0.1', 'a@b.c')).toBe(0);
  });
});
