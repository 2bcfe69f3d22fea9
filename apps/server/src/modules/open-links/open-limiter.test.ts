import { describe, expect, it } from 'vitest';
import { customerClient, guestClient, OpenLimiter } from './open-limiter.js';

const limits = { ip: 3, refused: 2, returns: 2, progress: 1, windowMs: 1000 };

describe('OpenLimiter', () => {
  it('counts every page and attempt per address in a sliding window, and refused calls do not count', () => {
    let now = 0;
    const limiter = new OpenLimiter(limits, () => now);
    expect(limiter.hit('a')).toBe(0);
    expect(limiter.hitAttempt('a', guestClient('T', 'a'))).toBe(0);
    expect(limiter.hit('a')).toBe(0);
    expect(limiter.hit('a')).toBe(1000);
    expect(limiter.hitAttempt('a', guestClient('T', 'a'))).toBe(1000);
    now = 400;
    expect(limiter.hit('b')).toBe(0);
    now = 1001;
    expect(limiter.hit('a')).toBe(0);
    expect(limiter.hitProgress('a')).toBe(0);
    expect(limiter.hitProgress('a')).toBe(1000);
  });

  it('turns away the attempts of a client over its refusals only: other addresses at the link still try', () => {
    let now = 0;
    const limiter = new OpenLimiter(limits, () => now);
    // Junk forms from one address (the link's token in any letter case is one link).
    limiter.refused(guestClient('T', 'junk'));
    limiter.refused(guestClient('t', 'junk'));
    expect(limiter.hitAttempt('junk', guestClient('T', 'junk'))).toBe(1000);
    // A real customer at another address, at the same link, and the junk address at another link.
    expect(limiter.hitAttempt('real', guestClient('T', 'real'))).toBe(0);
    expect(limiter.hitAttempt('junk', guestClient('U', 'junk'))).toBe(0);
    // A signed-in customer's refusals are theirs, whatever the address.
    limiter.refused(customerClient(7));
    limiter.refused(customerClient(7));
    expect(limiter.hitAttempt('elsewhere', customerClient(7))).toBe(1000);
    expect(limiter.hitAttempt('elsewhere', customerClient(8))).toBe(0);
    now = 1001;
    expect(limiter.hitAttempt('junk', guestClient('T', 'junk'))).toBe(0);
  });

  it('lets a held attempt come back whatever the address and the client have used, within its own allowance', () => {
    const limiter = new OpenLimiter(limits, () => 0);
    for (let i = 0; i < 3; i += 1) limiter.hit('a');
    limiter.refused(guestClient('T', 'a'));
    limiter.refused(guestClient('T', 'a'));
    expect(limiter.hitAttempt('a', guestClient('T', 'a'))).toBe(1000);
    expect(limiter.hitReturn('open:t:attempt')).toBe(0);
    expect(limiter.hitReturn('open:t:attempt')).toBe(0);
    expect(limiter.hitReturn('open:t:attempt')).toBe(1000);
    expect(limiter.hitReturn('open:t:another')).toBe(0);
  });

  it('holds limits larger than the default memory of 100 events per key', () => {
    const limiter = new OpenLimiter(undefined, () => 0);
    for (let i = 0; i < 240; i += 1) expect(limiter.hitProgress('a')).toBe(0);
    expect(limiter.hitProgress('a')).toBeGreaterThan(0);
  });
});
