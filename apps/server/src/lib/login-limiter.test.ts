import { describe, expect, it } from 'vitest';
import { LoginLimiter } from './login-limiter.js';

describe('LoginLimiter', () => {
  it('blocks an address and email after the allowed failures and frees them when the window passes', () => {
    let now = 1_000_000;
    const limiter = new LoginLimiter(3, 60_000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfterMinutes('1.1.1.1', 'a@b.c')).toBe(0);
      limiter.recordFailure('1.1.1.1', 'a@b.c');
    }
    expect(limiter.retryAfterMinutes('1.1.1.1', 'a@b.c')).toBe(1);
    expect(limiter.retryAfterMinutes('2.2.2.2', 'a@b.c')).toBe(0);
    now += 60_001;
    expect(limiter.retryAfterMinutes('1.1.1.1', 'a@b.c')).toBe(0);
  });

  it('blocks an address that sprays many emails', () => {
    const limiter = new LoginLimiter(2, 60_000, () => 5);
    for (let i = 0; i < 8; i++) limiter.recordFailure('9.9.9.9', `user${i}@x.io`);
    expect(limiter.retryAfterMinutes('9.9.9.9', 'fresh@x.io')).toBe(1);
  });

  it('forgets the failures of an email after a success', () => {
    const limiter = new LoginLimiter(2, 60_000, () => 5);
    limiter.recordFailure('1.1.1.1', 'a@b.c');
    limiter.recordFailure('1.1.1.1', 'a@b.c');
    limiter.recordSuccess('1.1.1.1', 'a@b.c');
    expect(limiter.retryAfterMinutes('1.1.1.1', 'a@b.c')).toBe(0);
  });
});
