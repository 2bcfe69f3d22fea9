import type { Database, Subscription } from '../db/client.js';
import type { SessionUser } from './actor.js';

/** The channel the database triggers of migration `session_cache_notify` announce on. */
export const AUTH_CHANNEL = 'vitrina_auth';
export const DEFAULT_SESSION_CACHE_TTL_MS = 30_000;
export const DEFAULT_SESSION_CACHE_MAX_ENTRIES = 10_000;

/** When the session was last used and until when it lives, as the database has them. */
export type SessionTimes = { lastUsedAt: number; expiresAt: number };
export type CachedSession = { user: SessionUser; times: SessionTimes };

export type SessionCacheOptions = {
  /** How long a loaded session is served from memory; 0 turns the cache off. */
  ttlMs?: number;
  maxEntries?: number;
  /** Milliseconds since the epoch: the app's clock (auth plugin), so tests move time without sleeping. */
  now: () => number;
  /**
   * Writes a session's slid expiry (the auth module's, the sessions table's owner, given by the
   * app); without it nothing is written (unit tests of the cache).
   */
  slide?: ((sessionId: number, now: number) => Promise<void>) | undefined;
};

export type SessionCacheEvent =
  | { kind: 'notification'; payload: string; evicted: number }
  | { kind: 'connection'; connected: boolean };

export type SessionCacheStats = { hits: number; misses: number; size: number };

type Entry = CachedSession & { until: number };

/**
 * Auth contexts by token hash (never the token), least recently used first. Entries go at
 * once when the database announces a change to what they were built from: the triggers
 * send `session:<id>`, `user:<id>`, `role:<id>`, `org:<id>` or `all` on commit. Only the
 * entries that event touches are dropped, because logouts are frequent enough on a busy
 * system that clearing everything on each would send every active session back to the
 * database; a scan of at most `maxEntries` on such a rare event costs well under a
 * millisecond. Anything not understood clears everything.
 */
export class SessionCache {
  readonly ttlMs: number;
  readonly now: () => number;
  readonly slide: (sessionId: number, now: number) => Promise<void>;
  readonly #maxEntries: number;
  readonly #entries = new Map<string, Entry>();
  /** Session id to key: logouts and revocations, the common events, evict without a scan. */
  readonly #keysBySession = new Map<number, string>();
  readonly #listeners = new Set<(event: SessionCacheEvent) => void>();
  /** Bumped by every change and reconnection, so a load that raced one is not kept. */
  #generation = 0;
  #listening = false;
  #subscription: Subscription | null = null;
  #hits = 0;
  #misses = 0;

  constructor(options: SessionCacheOptions) {
    this.ttlMs = Math.max(0, options.ttlMs ?? DEFAULT_SESSION_CACHE_TTL_MS);
    this.#maxEntries = options.maxEntries ?? DEFAULT_SESSION_CACHE_MAX_ENTRIES;
    this.now = options.now;
    this.slide = options.slide ?? (async () => {});
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** Subscribes to the database's announcements; without them nothing is served from memory. */
  async start(database: Pick<Database, 'listen'>): Promise<void> {
    if (!this.enabled) return;
    this.#subscription = await database.listen(AUTH_CHANNEL, {
      onNotification: (payload) => this.invalidate(payload),
      onConnection: (connected) => {
        // Whatever was announced while the listener was away is unknown: start over.
        this.#listening = connected;
        this.#clear();
        this.#emit({ kind: 'connection', connected });
      },
    });
  }

  async stop(): Promise<void> {
    const subscription = this.#subscription;
    this.#subscription = null;
    this.#listening = false;
    this.#clear();
    await subscription?.stop();
  }

  /** Waits until every change committed so far has been applied here (see Subscription.sync). */
  async sync(): Promise<void> {
    await this.#subscription?.sync();
  }

  get generation(): number {
    return this.#generation;
  }

  get(key: string): CachedSession | null {
    if (!this.#listening) return null;
    const entry = this.#entries.get(key);
    const now = this.now();
    if (!entry || entry.until <= now || entry.times.expiresAt <= now) {
      if (entry) this.#delete(key, entry);
      this.#misses++;
      return null;
    }
    // Re-inserting moves the key to the end: the map's order is the LRU order.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    this.#hits++;
    return entry;
  }

  /** Keeps a loaded session unless a change arrived since `generation` was read before loading. */
  set(key: string, session: CachedSession, generation: number): void {
    if (!this.#listening || generation !== this.#generation) return;
    const previous = this.#entries.get(key);
    if (previous) this.#delete(key, previous);
    this.#entries.set(key, { ...session, until: this.now() + this.ttlMs });
    this.#keysBySession.set(session.user.sessionId, key);
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries) break;
      this.#delete(oldest, entry);
    }
  }

  invalidate(payload: string): void {
    this.#generation++;
    const [kind, id] = parsePayload(payload);
    let evicted = 0;
    if (kind === 'session') {
      const key = this.#keysBySession.get(id);
      const entry = key === undefined ? undefined : this.#entries.get(key);
      if (key !== undefined && entry) {
        this.#delete(key, entry);
        evicted = 1;
      }
    } else if (kind === 'all') {
      evicted = this.#entries.size;
      this.#clear();
    } else {
      const matches = matchers[kind];
      for (const [key, entry] of this.#entries) {
        if (!matches(entry.user, id)) continue;
        this.#delete(key, entry);
        evicted++;
      }
    }
    this.#emit({ kind: 'notification', payload, evicted });
  }

  /** For tests and diagnostics: follow notifications and listener state as they are applied. */
  subscribe(listener: (event: SessionCacheEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  stats(): SessionCacheStats {
    return { hits: this.#hits, misses: this.#misses, size: this.#entries.size };
  }

  #delete(key: string, entry: Entry) {
    this.#entries.delete(key);
    if (this.#keysBySession.get(entry.user.sessionId) === key) this.#keysBySession.delete(entry.user.sessionId);
  }

  #clear() {
    this.#generation++;
    this.#entries.clear();
    this.#keysBySession.clear();
  }

  #emit(event: SessionCacheEvent) {
    for (const listener of this.#listeners) listener(event);
  }
}

type Kind = 'user' | 'role' | 'org';

const matchers: Record<Kind, (user: SessionUser, id: number) => boolean> = {
  user: (user, id) => user.userId === id,
  role: (user, id) => user.role?.id === id || user.actingAs?.id === id,
  org: (user, id) => user.orgId === id,
};

/** `kind:id` as the triggers send it; `all` for "all" and for anything not understood. */
function parsePayload(payload: string): ['session' | Kind, number] | ['all', 0] {
  const [kind, raw] = payload.split(':');
  const id = Number(raw);
  if (!Number.isInteger(id)) return ['all', 0];
  if (kind === 'session' || kind === 'user' || kind === 'role' || kind === 'org') return [kind, id];
  return ['all', 0];
}
