import { afterEach, describe, expect, it, vi } from 'vitest';
import { cookieAttributes } from './cookies';

afterEach(() => vi.unstubAllGlobals());

describe('cookieAttributes', () => {
  it('marks cookies Secure when the panel is served over HTTPS', () => {
    vi.stubGlobal('location', { protocol: 'https:' });
    expect(cookieAttributes()).toEqual({ sameSite: 'lax', secure: true });
  });

  it('leaves them usable over plain HTTP (local and demo runs)', () => {
    vi.stubGlobal('location', { protocol: 'http:' });
    expect(cookieAttributes()).toEqual({ sameSite: 'lax', secure: false });
  });
});
