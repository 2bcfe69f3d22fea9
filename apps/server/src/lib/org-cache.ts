import type { Database, Subscription } from '../db/client.js';

/**
 * One value per organisation (its alert thresholds, say), kept in memory on every server
 * instance and dropped when the database announces a change: a trigger on the owning table
 * sends the organisation's id on `channel` at commit, as the session cache's triggers do
 * (migration 0005), so whoever changes the rows (a service, a job, psql) invalidates every
 * instance. While the listener is down nothing is served from memory, and a reconnection
 * clears everything, because what was announced meanwhile is unknown.
 */
export class OrgCache<T> {
  readonly #channel: string;
  readonly #entries = new Map<number, T>();
  /** Bumped by every change and reconnection, so a load that raced one is not kept. */
  #generation = 0;
  #listening = false;
  #subscription: Subscription | null = null;
  #hits = 0;
  #misses = 0;

  constructor(options: { channel: string }) {
    this.#channel = options.channel;
  }

  async start(database: Pick<Database, 'listen'>): Promise<void> {
    this.#subscription = await database.listen(this.#channel, {
      onNotification: (payload) => this.invalidate(payload === '' ? Number.NaN : Number(payload)),
      onConnection: (connected) => {
        this.#listening = connected;
        this.#clear();
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

  /** The cached value, or `load()`'s, kept unless a change was announced while it loaded. */
  async get(orgId: number, load: () => Promise<T>): Promise<T> {
    const cached = this.#entries.get(orgId);
    if (cached !== undefined) {
      this.#hits++;
      return cached;
    }
    this.#misses++;
    const generation = this.#generation;
    const value = await load();
    if (this.#listening && generation === this.#generation) this.#entries.set(orgId, value);
    return value;
  }

  /**
   * Drops one organisation's value (anything but an id: all of them). The writer calls it
   * too, right after its commit: on PostgreSQL the announcement reaches this instance's
   * listener a moment later, and the writer's next read must not be served the old value.
   */
  invalidate(orgId: number): void {
    this.#generation++;
    if (Number.isInteger(orgId)) this.#entries.delete(orgId);
    else this.#entries.clear();
  }

  /** Waits until every change committed so far has been applied here (see Subscription.sync). */
  async sync(): Promise<void> {
    await this.#subscription?.sync();
  }

  stats() {
    return { hits: this.#hits, misses: this.#misses, size: this.#entries.size };
  }

  #clear() {
    this.#generation++;
    this.#entries.clear();
  }
}
