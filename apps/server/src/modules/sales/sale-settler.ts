import type { FastifyBaseLogger } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import type { PaymentProviders } from '../payments/index.js';
import { holdSale, settleSale } from './settlement.service.js';

type Work = { kind: 'settle' | 'hold'; id: number };

/** Settlements in flight at once on this instance: the provider calls overlap, the database is not flooded. */
export const SETTLER_CONCURRENCY = 16;

/**
 * Settles a closed sale right away, beside the device's message queue, so the money is taken
 * within moments of the door closing: the durable `sales.settle` job stays queued behind it as
 * the fallback (a crash, a provider still deciding), and both ask the provider under the same
 * keys, so whichever runs second finds the sale settled. Bounded: at most SETTLER_CONCURRENCY
 * at once, the rest wait in order.
 */
export class SaleSettler {
  private readonly waiting: Work[] = [];
  private readonly queued = new Set<string>();
  private active = 0;
  private readonly idleWaiters: (() => void)[] = [];

  constructor(
    private readonly ctx: ServiceContext,
    private readonly providers: PaymentProviders,
    private readonly logger?: FastifyBaseLogger,
  ) {}

  settleSoon(transactionId: number): void {
    this.add({ kind: 'settle', id: transactionId });
  }

  /** The hold at door open, placed at once (the `sales.hold` job is its fallback). */
  holdSoon(transactionId: number): void {
    this.add({ kind: 'hold', id: transactionId });
  }

  private add(work: Work): void {
    const key = `${work.kind}:${work.id}`;
    if (this.queued.has(key)) return;
    this.queued.add(key);
    this.waiting.push(work);
    this.pump();
  }

  /** Resolves when nothing is waiting or in flight (tests, shutdown). */
  idle(): Promise<void> {
    if (this.active === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    while (this.active < SETTLER_CONCURRENCY && this.waiting.length > 0) {
      const work = this.waiting.shift()!;
      this.active += 1;
      const done =
        work.kind === 'settle'
          ? settleSale(this.ctx, this.providers, work.id)
          : holdSale(this.ctx, this.providers, work.id);
      done
        .catch((error: unknown) => {
          // Left to the durable job, which retries with backoff.
          this.logger?.info({ err: error, transactionId: work.id, step: work.kind }, 'sale step deferred to its job');
        })
        .finally(() => {
          this.active -= 1;
          this.queued.delete(`${work.kind}:${work.id}`);
          this.pump();
          if (this.active === 0 && this.waiting.length === 0)
            for (const resolve of this.idleWaiters.splice(0)) resolve();
        });
    }
  }
}
