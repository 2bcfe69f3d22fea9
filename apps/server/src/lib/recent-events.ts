/** An event counted or a key cleared, as one instance tells the others. */
export type RateChange = { op: 'record' | 'forget'; keys: string[]; at: number };
export type RatePublisher = { publish(change: RateChange): void };
/** Connects a memory to the other instances: it hands over what they count, and answers where to announce. */
export type RateShare = (memory: { apply(change: RateChange): void }) => RatePublisher;

/** Past the rate limits' caps older timestamps change nothing, so they need not be kept. */
const DEFAULT_KEPT_EVENTS = 100;
/** Keys beyond this many send the store through a sweep of the ones with nothing recent. */
const PRUNE_ABOVE_KEYS = 100_000;

/**
 * When each recent event of a key happened (a failed login, a reset request), the memory
 * behind the rate limits. Every key has a window, and only events inside it count; the
 * clock is injectable so limits are tested without sleeping. With several server instances
 * each one's memory also hears what the others counted, so a guesser spreading requests over
 * instances behind a load balancer gets no more tries than at one.
 */
export class RecentEvents<Key extends string> {
  readonly #events = new Map<Key, number[]>();
  private readonly shared: RatePublisher | undefined;

  constructor(
    private readonly windowOf: (key: Key) => number,
    /** Milliseconds since the epoch, from the context's clock. */
    readonly now: () => number,
    /** Events kept per key: at least the largest limit asked of `waitMs`. */
    private readonly kept = DEFAULT_KEPT_EVENTS,
    /** How this memory hears and tells the other instances (see rate-sharing.ts). */
    share?: RateShare,
  ) {
    this.shared = share?.(this);
  }

  /** Times of the key's events inside its window, oldest first. */
  recent(key: Key): number[] {
    const cutoff = this.now() - this.windowOf(key);
    return (this.#events.get(key) ?? []).filter((time) => time > cutoff);
  }

  record(key: Key): void {
    const at = this.now();
    this.recordAt(key, at);
    this.shared?.publish({ op: 'record', keys: [key], at });
  }

  forget(key: Key): void {
    this.#events.delete(key);
    this.shared?.publish({ op: 'forget', keys: [key], at: this.now() });
  }

  /** An event another instance saw: counted here too, in time order, and not passed on again. */
  apply(change: RateChange): void {
    for (const key of change.keys as Key[]) {
      if (change.op === 'forget') this.#events.delete(key);
      else this.recordAt(key, change.at);
    }
  }

  private recordAt(key: Key, at: number): void {
    const events = [...this.recent(key), at].sort((a, b) => a - b);
    this.#events.set(key, events.slice(-this.kept));
    if (this.#events.size > PRUNE_ABOVE_KEYS) this.prune();
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
