/** Past the rate limits' caps older timestamps change nothing, so they need not be kept. */
const DEFAULT_KEPT_EVENTS = 100;
/** Keys beyond this many send the store through a sweep of the ones with nothing recent. */
const PRUNE_ABOVE_KEYS = 100_000;

/**
 * When each recent event of a key happened (a failed login, a reset request), the memory
 * behind the in-memory rate limits. Every key has a window, and only events inside it
 * count; the clock is injectable so limits are tested without sleeping.
 */
export class RecentEvents<Key extends string> {
  readonly #events = new Map<Key, number[]>();

  constructor(
    private readonly windowOf: (key: Key) => number,
    readonly now: () => number = Date.now,
    /** Events kept per key: at least the largest limit asked of `waitMs`. */
    private readonly kept = DEFAULT_KEPT_EVENTS,
  ) {}

  /** Times of the key's events inside its window, oldest first. */
  recent(key: Key): number[] {
    const cutoff = this.now() - this.windowOf(key);
    return (this.#events.get(key) ?? []).filter((time) => time > cutoff);
  }

  record(key: Key): void {
    this.#events.set(key, [...this.recent(key), this.now()].slice(-this.kept));
    if (this.#events.size > PRUNE_ABOVE_KEYS) this.prune();
  }

  forget(key: Key): void {
    this.#events.delete(key);
  }

  /** Milliseconds until the key has fewer than `limit` events in its window; 0 when it has already. */
  waitMs(key: Key, limit: number): number {
    const recent = this.recent(key);
    if (recent.length < limit) return 0;
    return Math.max(0, recent[recent.length - limit]! + this.windowOf(key) - this.now());
  }

  private prune(): void {
    for (const key of this.#events.keys()) {
      if (this.recent(key).length === 0) this.#events.delete(key);
    }
  }
}

export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}
