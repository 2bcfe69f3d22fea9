import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { isDatabaseUnavailable } from '../../db/unavailable.js';
import { type SystemActor, systemActor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import type { EnqueueOptions, JobQueue } from '../../lib/context.js';
import { RetryLaterError } from '../../lib/retry-later.js';
import {
  claimNextJob,
  deleteFinishedJobs,
  failJob,
  finishJob,
  insertJob,
  type JobRow,
  releaseJobs,
  requeueExpiredLeases,
} from './jobs.repository.js';

export type JobContext = { job: JobRow; actor: SystemActor };
export type JobHandler = (context: JobContext) => Promise<void>;

type Registration = {
  handler: JobHandler;
  /** Recurring: after each run (success or final failure) the next is due this much later. */
  everyMs?: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
};

export type RegisterOptions = { everyMs?: number; backoffBaseMs?: number; backoffMaxMs?: number };

export type JobRunnerOptions = {
  db: Db;
  clock: Clock;
  logger?: FastifyBaseLogger;
  /** How long a claimed job is ours before another instance may take it over (a dead worker). */
  leaseMs?: number;
  /** How often `start()` polls for due jobs. */
  pollMs?: number;
};

const DAY_MS = 24 * 3600_000;
/** Finished jobs are kept this long for the platform admin to look at, then deleted. */
export const FINISHED_JOB_RETENTION_MS = 7 * DAY_MS;

/** Delay before retry `attempt` (1-based): base · 2^(attempt−1), capped. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * The durable job runner (DESIGN §8): a handler per kind, rows claimed with FOR UPDATE SKIP
 * LOCKED so instances never run a job twice, retries with exponential back-off, delayed and
 * recurring jobs, and claimed work handed back on shutdown.
 */
export class JobRunner implements JobQueue {
  readonly workerId = `worker-${randomUUID()}`;
  private readonly registry = new Map<string, Registration>();
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly logger: FastifyBaseLogger | undefined;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(options: JobRunnerOptions) {
    this.db = options.db;
    this.clock = options.clock;
    this.logger = options.logger;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.pollMs = options.pollMs ?? 1_000;
    this.register(
      'jobs.cleanup',
      async () => {
        await deleteFinishedJobs(this.db, new Date(this.clock.nowMs() - FINISHED_JOB_RETENTION_MS));
      },
      { everyMs: 3600_000 },
    );
  }

  register(kind: string, handler: JobHandler, options: RegisterOptions = {}): void {
    this.registry.set(kind, {
      handler,
      ...(options.everyMs ? { everyMs: options.everyMs } : {}),
      backoffBaseMs: options.backoffBaseMs ?? 1_000,
      backoffMaxMs: options.backoffMaxMs ?? 3600_000,
    });
  }

  /** The registered job kinds, in registration order (read-only: tests check the app's list). */
  kinds(): string[] {
    return [...this.registry.keys()];
  }

  enqueue(kind: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<number | null> {
    return insertJob(this.db, { kind, payload, now: this.clock.now(), ...options });
  }

  /** Makes sure every recurring kind has its next run queued (one per key across instances). */
  async scheduleRecurring(): Promise<void> {
    for (const [kind, registration] of this.registry) {
      if (registration.everyMs) await this.enqueue(kind, {}, { key: recurringKey(kind) });
    }
  }

  /**
   * Runs every job due now, one after another, and answers how many ran. Tests call it after
   * moving the test clock; `start()` calls it on a timer.
   */
  runDue(limit = 1000): Promise<number> {
    const previous = this.running ?? Promise.resolve();
    const next = previous.then(() => this.drain(limit));
    // The chain the next run and `stop()` wait on never rejects: a failed run (the database
    // away) is its caller's to handle, and an unhandled rejection would end the process.
    const running: Promise<void> = next.then(
      () => {},
      () => {},
    );
    this.running = running;
    void running.then(() => {
      if (this.running === running) this.running = null;
    });
    return next;
  }

  private async drain(limit: number): Promise<number> {
    await requeueExpiredLeases(this.db, this.clock.now());
    let count = 0;
    while (count < limit && !this.stopped) {
      const now = this.clock.now();
      const job = await claimNextJob(this.db, {
        kinds: [...this.registry.keys()],
        workerId: this.workerId,
        now,
        leaseUntil: new Date(now.getTime() + this.leaseMs),
      });
      if (!job) break;
      await this.execute(job);
      count += 1;
    }
    return count;
  }

  private async execute(job: JobRow): Promise<void> {
    const registration = this.registry.get(job.kind)!;
    try {
      await registration.handler({ job, actor: systemActor({ via: 'job', label: job.kind }) });
      await finishJob(this.db, { id: job.id, workerId: this.workerId, now: this.clock.now() });
      await this.scheduleNext(job, registration);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const isFinal = job.attempts >= job.maxAttempts;
      // A service that named its own wait (Retry-After, retry_after) is not asked again sooner.
      const delay = Math.max(
        backoffDelay(job.attempts, registration.backoffBaseMs, registration.backoffMaxMs),
        error instanceof RetryLaterError ? error.retryAfterMs : 0,
      );
      const retryAt = isFinal ? null : new Date(this.clock.nowMs() + delay);
      this.logger?.warn({ job: job.id, kind: job.kind, attempt: job.attempts, err: message }, 'job failed');
      await failJob(this.db, { id: job.id, workerId: this.workerId, error: message, now: this.clock.now(), retryAt });
      if (isFinal) await this.scheduleNext(job, registration);
    }
  }

  private async scheduleNext(job: JobRow, registration: Registration): Promise<void> {
    if (!registration.everyMs || job.key !== recurringKey(job.kind)) return;
    await this.enqueue(job.kind, job.payload, {
      key: job.key,
      runAt: new Date(this.clock.nowMs() + registration.everyMs),
    });
  }

  /** Polls for due jobs until `stop()`. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.scheduleRecurring();
    const tick = () => {
      this.runDue()
        .catch((error: unknown) => {
          // The database away is expected now and then (a restart): the next poll tries again.
          if (isDatabaseUnavailable(error))
            this.logger?.warn({ err: { message: String(error) } }, 'job runner waits for the database');
          else this.logger?.error({ err: error }, 'job runner poll failed');
        })
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, this.pollMs);
        });
    };
    this.timer = setTimeout(tick, 0);
  }

  /**
   * Stops polling, gives the job in hand up to `graceMs` to finish, and hands back whatever is
   * still claimed, so another instance runs it now rather than after the lease. A handler
   * that outlives the grace may then run twice: handlers are written to be idempotent.
   */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    let timeout: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timeout = setTimeout(resolve, graceMs);
    });
    await Promise.race([this.running, grace]);
    clearTimeout(timeout);
    await releaseJobs(this.db, this.workerId);
  }
}

export function recurringKey(kind: string): string {
  return `recurring:${kind}`;
}
