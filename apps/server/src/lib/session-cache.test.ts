import { describe, expect, it } from 'vitest';
import type { NotificationHandlers } from '../db/client.js';
import type { SessionUser } from './actor.js';
import { OrgScope } from './org-scope.js';
import { type CachedSession, SessionCache } from './session-cache.js';

/** The cache alone, over a stand-in for the database's listener. */
async function startedCache(options: { maxEntries?: number } = {}) {
  let handlers: NotificationHandlers | null = null;
  const cache = new SessionCache({ ttlMs: 1_000, now: () => 0, ...options });
  await cache.start({
    listen: async (_channel, given) => {
      handlers = given;
      given.onConnection(true);
      return { sync: async () => {}, stop: async () => {} };
    },
  });
  return { cache, listener: () => handlers! };
}

function session(sessionId: number, user: Partial<SessionUser> = {}): CachedSession {
  return {
    user: {
      sessionId,
      userId: sessionId,
      name: 'n',
      email: 'e',
      orgId: 1,
      orgName: 'o',
      currency: 'UAH',
      lang: 'en',
      role: { id: 2, name: 'Operator', defaultPage: 'dashboard' },
      actingAs: null,
      permissions: new Set(),
      ownPermissions: new Set(),
      scope: OrgScope.of(1, []),
      ...user,
    },
    times: { lastUsedAt: 0, expiresAt: 10_000 },
  };
}

describe('SessionCache', () => {
  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const { cache } = await startedCache({ maxEntries: 2 });
    cache.set('a', session(1), cache.generation);
    cache.set('b', session(2), cache.generation);
    cache.get('a');
    cache.set('c', session(3), cache.generation);
    expect(cache.get('b')).toBeNull();
    expect(cache.get('a')).not.toBeNull();
    expect(cache.get('c')).not.toBeNull();
  });

  it('does not keep a load that a change overtook', async () => {
    const { cache } = await startedCache();
    const generation = cache.generation;
    cache.invalidate('user:1');
    cache.set('a', session(1), generation);
    expect(cache.get('a')).toBeNull();
  });

  it('evicts only what a notification concerns; anything else clears everything', async () => {
    const { cache } = await startedCache();
    cache.set('a', session(1, { orgId: 7 }), cache.generation);
    cache.set('b', session(2, { actingAs: { id: 9, name: 'x', defaultPage: 'dashboard' } }), cache.generation);
    cache.set('c', session(3, { userId: 30 }), cache.generation);
    cache.set('d', session(4), cache.generation);
    cache.invalidate('org:7');
    cache.invalidate('role:9');
    cache.invalidate('user:30');
    expect(['a', 'b', 'c', 'd'].map((key) => cache.get(key) !== null)).toEqual([false, false, false, true]);
    cache.invalidate('session:4');
    expect(cache.get('d')).toBeNull();
    cache.set('d', session(4), cache.generation);
    cache.invalidate('something new');
    expect(cache.stats().size).toBe(0);
  });

  it('serves nothing while its listener is down, and starts empty when it is back', async () => {
    const { cache, listener } = await startedCache();
    cache.set('a', session(1), cache.generation);
    listener().onConnection(false);
    cache.set('b', session(2), cache.generation);
    expect(cache.get('a')).toBeNull();
    expect(cache.get('b')).toBeNull();
    listener().onConnection(true);
    expect(cache.get('a')).toBeNull();
    cache.set('a', session(1), cache.generation);
    expect(cache.get('a')).not.toBeNull();
  });
});
