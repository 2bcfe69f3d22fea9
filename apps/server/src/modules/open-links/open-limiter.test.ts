import { describe, expect, it } from 'vitest';
import { OpenLimiter } from './open-limiter.js';

describe('OpenLimiter', () => {
  it('counts per address and per token in a sliding window, and refused calls do not count', () => {
    let now = 0;
    const limiter = new OpenLimiter({ ip: 3, token: 2, progress: 1, windowMs: 1000 }, () => now);
    expect(limiter.hit('a', 'T')).toBe(0);
    expect(limiter.hit('b', 't')).toBe(0);
    // The token's two forms are used up, whatever the address or the letter case.
    expect(limiter.hit('c', 'T')).toBe(1000);
    expect(limiter.hit('c')).toBe(0);
    now = 400;
    expect(limiter.hit('a')).toBe(0);
    expect(limiter.hit('a')).toBe(0);
    expect(limiter.hit('a')).toBe(600);
    now = 1001;
    expect(limiter.hit('a')).toBe(0);
    expect(limiter.hit('d', 'T')).toBe(0);
    expect(limiter.hitProgress('a')).toBe(0);
    expect(limiter.hitProgress('a')).toBe(1000);
  });

  it('holds limits larger than the default memory of 100 events per key', () => {
    const limiter = new OpenLimiter(undefined, () => 0);
    for (let i = 0; i < 240; i += 1) expect(limiter.hitProgress('a')).toBe(0);
    expect(limiter.hitProgress('a')).toBeGreaterThan(0);
  });
});
