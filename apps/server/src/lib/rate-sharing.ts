import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Subscription } from '../db/client.js';
import type { RateChange, RateShare } from './recent-events.js';

/** The channel the rate limits of every instance announce their counts on. */
export const RATE_CHANNEL = 'vitrina_rate';

type Message = RateChange & { from: string; store: string };

/**
 * Shares the rate limits' counts between server instances through PostgreSQL NOTIFY: each
 * failed login, reset request or open-link call counted by one instance is counted by all
 * within milliseconds. On the embedded database there is one process, so nothing is sent.
 * A lost notification (listener down) only makes a limit looser for a moment, never stricter.
 */
export class RateSharing {
  readonly #from = randomUUID();
  readonly #stores = new Map<string, { apply(change: RateChange): void }>();
  /** Announcements on their way, so `sync` waits for them to be sent first. */
  readonly #sending = new Set<Promise<unknown>>();
  #subscription: Subscription | null = null;

  constructor(
    private readonly database: Pick<Database, 'kind' | 'db' | 'listen'>,
    private readonly logger?: FastifyBaseLogger,
  ) {}

  get enabled(): boolean {
    return this.database.kind === 'postgres';
  }

  async start(): Promise<void> {
    if (!this.enabled) return;
    this.#subscription = await this.database.listen(RATE_CHANNEL, {
      onNotification: (payload) => this.#receive(payload),
      onConnection: () => {},
    });
  }

  async stop(): Promise<void> {
    const subscription = this.#subscription;
    this.#subscription = null;
    await subscription?.stop();
  }

  /** Resolves once every count announced so far has been applied here (tests). */
  async sync(): Promise<void> {
    await Promise.all(this.#sending);
    await this.#subscription?.sync();
  }

  /** Joins a named memory to the others': what other instances announce under the name is applied to it. */
  share(store: string): RateShare {
    return (memory) => {
      this.#stores.set(store, memory);
      return {
        publish: (change) => {
          if (!this.enabled) return;
          const message: Message = { ...change, from: this.#from, store };
          const sending = this.database.db
            .execute(sql`select pg_notify(${RATE_CHANNEL}, ${JSON.stringify(message)})`)
            .catch((error: unknown) => this.logger?.warn({ err: error }, 'could not share a rate-limit count'))
            .finally(() => this.#sending.delete(sending));
          this.#sending.add(sending);
        },
      };
    };
  }

  #receive(payload: string): void {
    let message: Message;
    try {
      message = JSON.parse(payload) as Message;
    } catch {
      return;
    }
    if (message.from === this.#from) return;
    if (!Array.isArray(message.keys) || typeof message.at !== 'number') return;
    this.#stores
      .get(message.store)
      ?.apply({ op: message.op === 'forget' ? 'forget' : 'record', keys: message.keys, at: message.at });
  }
}
