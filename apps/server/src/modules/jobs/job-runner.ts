import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database, Db, Subscription } from '../../db/client.js';
import { isDatabaseUnavailable } from '../../db/unavailable.js';
import { type SystemActor, systemActor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import type { EnqueueOptions, JobQueue } from '../../lib/context.js';
import { defineJob, type JobKind, type JobPayload, JobPayloadError, parseJobPayload } from '../../lib/job-kind.js';
import { RetryLaterError } from '../../lib/retry-later.js';
import {
  claimJobs,
  claimNextJob,
  deleteFinishedJobs,
  failJob,
  finishJob,
  insertJob,
  JOBS_CHANNEL,
  type JobRow,
  nextRunAt,
  readJobNotice,
  releaseJobs,
  requeueExpiredLeases,
} from './jobs.repository.js';

/**
 * What a handler is told besides its payload. A run without a row (`runSoon`) has id null,
 * attempt 1 and no last attempt (maxAttempts Infinity): its fallback is the caller's sweep.
 */
export type JobContext = {
  job: { id: number | null; kind: string; key: string | null; attempts: number; maxAttempts: number };
  actor: SystemActor;
};
export type JobHandler<P> = (payload: P, context: JobContext) => Promise<unknown>;

type Registration = { job: JobKind; handler: JobHandler<unknown> };

/** Work handed to `runSoon`: waiting for a slot of its kind, or running with a request to go again. */
type LocalRun = { registration: Registration; payload: unknown; key: string | null; running: boolean; again: boolean };

export type JobRunnerOptions = {
  db: Db;
  clock: Clock;
  logger?: FastifyBaseLogger;
  /** How long a claimed job is ours before another instance may take it over (a dead worker). */
  leaseMs?: number;
  /**
   * How often `start()` looks for due jobs without being told: the fallback for lost
   * notifications and leases run out. Queued jobs announce themselves (LISTEN) and delayed
   * ones set a timer, so this can be slow.
   */
  pollMs?: number;
  /** Jobs running at once on this instance, all kinds together (each kind has its own limit too). */
  concurrency?: number;
  /** The database's LISTEN (`Database.listen`): a queued job wakes the runner at once. Without it, it polls only. */
  listen?: Database['listen'];
};

const DAY_MS = 24 * 3600_000;
/** Finished jobs are kept this long for the platform admin to look at, then deleted. */
export const FINISHED_JOB_RETENTION_MS = 7 * DAY_MS;
export const DEFAULT_RUNNER_CONCURRENCY = 64;
/** setTimeout's longest delay; a wake-up further away is set again when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export const cleanupJob = defineJob({ kind: 'jobs.cleanup', everyMs: 3600_000, concurrency: 1 });

/** Delay before retry `attempt` (1-based): base · 2^(attempt−1), capped. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * Queues a job with `db`, which may be the caller's transaction: the row and its notice commit
 * with the caller's writes. The payload is checked first (JobPayloadError names the field).
 */
export async function enqueueJob<K extends JobKind>(
  db: Db,
  job: K,
  payload: JobPayload<K>,
  options: EnqueueOptions & { now: Date },
): Promise<number | null> {
  const parsed = parseJobPayload(job, payload);
  return insertJob(db, { ...options, kind: job.kind, payload: parsed });
}

/**
 * The durable job runner (DESIGN §8, docs/decisions/134-one-job-runner.md): a handler per
 * kind, several jobs at once with a limit per kind and one for the instance, rows claimed
 * with FOR UPDATE SKIP LOCKED so instances never run a job twice, woken by the NOTIFY that
 * queues a job, retries with exponential back-off, delayed and recurring jobs, and claimed
 * work handed back on shutdown. A kind whose jobs hang holds its own slots only: the others
 * are still claimed. `runSoon` runs a kind's handler on this instance without a row, in the
 * same slots, for work whose durable fallback is elsewhere (the sale's settlement, swept).
 */
export class JobRunner implements JobQueue {
  readonly workerId = `worker-${randomUUID()}`;
  private readonly registry = new Map<string, Registration>();
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly logger: FastifyBaseLogger | undefined;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly listen: Database['listen'] | undefined;
  /** Running jobs by kind (claimed and local), and all together. */
  private readonly active = new Map<string, number>();
  private total = 0;
  /** Local runs by kind in arrival order; by `kind key` while waiting or running. */
  private readonly localQueues = new Map<string, LocalRun[]>();
  private readonly localByKey = new Map<string, LocalRun>();
  private readonly inFlight = new Set<Promise<void>>();
  private localRunning = 0;
  private readonly idleWaiters: (() => void)[] = [];
  /** Kinds the last claim found nothing due of; a notice of the kind (or a poll) asks again. */
  private readonly drained = new Set<string>();
  /** Notices per kind, so a claim that raced a notice does not mark the kind drained. */
  private readonly notices = new Map<string, number>();
  private claiming: Promise<void> | null = null;
  private claimAgain = false;
  /** Where the kinds' claim order starts, turned each claim so the instance's cap is shared fairly. */
  private rotation = 0;
  private started = false;
  private stopped = false;
  private pollTimer: NodeJS.Timeout | null = null;
  private wakeTimer: NodeJS.Timeout | null = null;
  private wakeAtMs: number | null = null;
  private subscription: Subscription | null = null;
  private running: Promise<void> | null = null;

  constructor(options: JobRunnerOptions) {
    this.db = options.db;
    this.clock = options.clock;
    this.logger = options.logger;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.pollMs = options.pollMs ?? 30_000;
    this.concurrency = options.concurrency ?? DEFAULT_RUNNER_CONCURRENCY;
    this.listen = options.listen;
    this.register(cleanupJob, async () => {
      await deleteFinishedJobs(this.db, new Date(this.clock.nowMs() - FINISHED_JOB_RETENTION_MS));
    });
  }

  register<S extends z.ZodType>(job: JobKind<S>, handler: JobHandler<z.output<S>>): void {
    this.registry.set(job.kind, { job, handler: handler as JobHandler<unknown> });
  }

  /** The registered job kinds, in registration order (read-only: tests check the app's list). */
  kinds(): string[] {
    return [...this.registry.keys()];
  }

  /** A registered kind's declaration (the admin screens, tests). */
  kindOf(kind: string): JobKind | undefined {
    return this.registry.get(kind)?.job;
  }

  async enqueue<K extends JobKind>(
    job: K,
    payload: JobPayload<K>,
    options: EnqueueOptions = {},
  ): Promise<number | null> {
    const now = this.clock.now();
    const id = await enqueueJob(this.db, job, payload, { ...options, now });
    // Committed already: no need to wait for the notice to come round.
    if (id !== null) this.noticed(job.kind, (options.runAt ?? now).getTime());
    return id;
  }

  enqueueNamed(kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<number | null> {
    const job = this.kindOf(kind);
    if (!job) return Promise.reject(new Error(`job ${kind}: no such kind is registered`));
    return this.enqueue(job, payload, options);
  }

  /**
   * Runs the kind's handler on this instance as soon as one of its slots is free, without a
   * job row: for work that must start within moments and whose durable fallback is the
   * caller's (a sweep that queues the job for whatever is left undone). Not retried; a
   * failure is logged. A `key` already waiting is not added twice; one already running runs
   * once more after (with the newest payload), so nothing asked for meanwhile is missed.
   */
  runSoon<K extends JobKind>(job: K, payload: JobPayload<K>, options: { key?: string } = {}): void {
    const registration = this.registry.get(job.kind);
    if (!registration) throw new Error(`job ${job.kind}: not registered on this runner`);
    const parsed = parseJobPayload(job, payload);
    const key = options.key === undefined ? null : `${job.kind} ${options.key}`;
    const known = key === null ? undefined : this.localByKey.get(key);
    if (known) {
      known.payload = parsed;
      if (known.running) known.again = true;
      return;
    }
    const run: LocalRun = { registration, payload: parsed, key, running: false, again: false };
    if (key !== null) this.localByKey.set(key, run);
    this.queueOf(job.kind).push(run);
    this.pump();
  }

  /** Resolves when no local run (`runSoon`) is running or waiting on this instance (tests, shutdown). */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Makes sure every recurring kind has its next run queued (one per key across instances). */
  async scheduleRecurring(): Promise<void> {
    for (const { job } of this.registry.values()) {
      if (job.everyMs) await this.enqueue(job, {}, { key: recurringKey(job.kind) });
    }
  }

  /**
   * Runs every job due now, one after another in the order they fell due, and answers how
   * many ran. Tests call it after moving the test clock; the running server claims on its own
   * (`start()`).
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
      const row = await claimNextJob(this.db, {
        kinds: this.kinds(),
        workerId: this.workerId,
        now,
        leaseUntil: new Date(now.getTime() + this.leaseMs),
      });
      if (!row) break;
      await this.runClaimed(row);
      count += 1;
    }
    return count;
  }

  private queueOf(kind: string): LocalRun[] {
    let queue = this.localQueues.get(kind);
    if (!queue) {
      queue = [];
      this.localQueues.set(kind, queue);
    }
    return queue;
  }

  private freeSlots(job: JobKind): number {
    return Math.min(job.concurrency - (this.active.get(job.kind) ?? 0), this.concurrency - this.total);
  }

  private take(kind: string): void {
    this.active.set(kind, (this.active.get(kind) ?? 0) + 1);
    this.total += 1;
  }

  private give(kind: string): void {
    this.active.set(kind, (this.active.get(kind) ?? 1) - 1);
    this.total -= 1;
  }

  private isIdle(): boolean {
    return this.localRunning === 0 && this.localWaiting() === 0;
  }

  private localWaiting(): number {
    let count = 0;
    for (const queue of this.localQueues.values()) count += queue.length;
    return count;
  }

  private settle(): void {
    if (this.isIdle()) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /** Starts what waits locally where its kind has a slot, then asks the queue for the rest. */
  private pump(): void {
    for (const [kind, queue] of this.localQueues) {
      const registration = this.registry.get(kind)!;
      while (queue.length > 0 && this.freeSlots(registration.job) > 0) this.startLocal(queue.shift()!);
    }
    this.requestClaim();
  }

  private startLocal(run: LocalRun): void {
    const { job, handler } = run.registration;
    run.running = true;
    run.again = false;
    this.take(job.kind);
    this.localRunning += 1;
    const context: JobContext = {
      job: { id: null, kind: job.kind, key: run.key, attempts: 1, maxAttempts: Number.POSITIVE_INFINITY },
      actor: systemActor({ via: 'job', label: job.kind }),
    };
    const done = (async () => {
      try {
        await handler(run.payload, context);
      } catch (error) {
        // Left to the durable fallback (the job a sweep queues), which retries with backoff.
        this.logger?.info({ err: error, kind: job.kind }, 'job run deferred to its fallback');
      }
    })();
    this.inFlight.add(done);
    void done.then(() => {
      this.inFlight.delete(done);
      this.give(job.kind);
      this.localRunning -= 1;
      run.running = false;
      if (run.again) this.queueOf(job.kind).push(run);
      else if (run.key !== null) this.localByKey.delete(run.key);
      this.pump();
      this.settle();
    });
  }

  private requestClaim(): void {
    if (!this.started || this.stopped) return;
    // Every kind known to have nothing due (the usual state between notices): no round to run.
    if (!this.claiming && this.drained.size >= this.registry.size) return;
    if (this.claiming) {
      this.claimAgain = true;
      return;
    }
    const claiming = this.claimLoop()
      .catch((error: unknown) => this.failedRound(error, 'job runner claim failed'))
      .finally(() => {
        if (this.claiming === claiming) this.claiming = null;
      });
    this.claiming = claiming;
  }

  /** Claims for every kind with free slots and something due, until no kind has both. */
  private async claimLoop(): Promise<void> {
    for (;;) {
      this.claimAgain = false;
      const kinds = [...this.registry.values()];
      this.rotation = (this.rotation + 1) % Math.max(1, kinds.length);
      const wanted = new Map<string, number>();
      const noticesBefore = new Map<string, number>();
      let free = this.concurrency - this.total;
      for (let i = 0; i < kinds.length && free > 0; i++) {
        const { job } = kinds[(this.rotation + i) % kinds.length]!;
        if (this.drained.has(job.kind)) continue;
        // Local runs waiting for this kind come first: its free slots are theirs.
        const n = Math.min(this.freeSlots(job) - (this.localQueues.get(job.kind)?.length ?? 0), free);
        if (n <= 0) continue;
        wanted.set(job.kind, n);
        noticesBefore.set(job.kind, this.notices.get(job.kind) ?? 0);
        free -= n;
      }
      if (wanted.size === 0 || this.stopped) return;
      const now = this.clock.now();
      const rows = await claimJobs(this.db, {
        wanted,
        workerId: this.workerId,
        now,
        leaseUntil: new Date(now.getTime() + this.leaseMs),
      });
      const got = new Map<string, number>();
      for (const row of rows) got.set(row.kind, (got.get(row.kind) ?? 0) + 1);
      for (const [kind, n] of wanted) {
        if ((got.get(kind) ?? 0) < n && (this.notices.get(kind) ?? 0) === noticesBefore.get(kind))
          this.drained.add(kind);
      }
      for (const row of rows) this.startClaimed(row);
      if (rows.length === 0 && !this.claimAgain) return;
    }
  }

  private startClaimed(row: JobRow): void {
    this.take(row.kind);
    const done = this.runClaimed(row).catch((error: unknown) =>
      this.failedRound(error, 'job runner could not record a job'),
    );
    this.inFlight.add(done);
    void done.then(() => {
      this.inFlight.delete(done);
      this.give(row.kind);
      this.pump();
    });
  }

  private failedRound(error: unknown, message: string): void {
    // The database away is expected now and then (a restart): the next poll tries again.
    if (isDatabaseUnavailable(error))
      this.logger?.warn({ err: { message: String(error) } }, 'job runner waits for the database');
    else this.logger?.error({ err: error }, message);
  }

  private async runClaimed(row: JobRow): Promise<void> {
    const registration = this.registry.get(row.kind)!;
    const { job } = registration;
    const context: JobContext = {
      job: { id: row.id, kind: row.kind, key: row.key, attempts: row.attempts, maxAttempts: row.maxAttempts },
      actor: systemActor({ via: 'job', label: row.kind }),
    };
    try {
      // A stored payload the schema refuses will not fit on a retry either: the job fails now.
      const parsed = job.payload.safeParse(row.payload);
      if (!parsed.success) {
        const error = new JobPayloadError(job.kind, parsed.error);
        this.logger?.error({ job: row.id, kind: row.kind, err: error.message }, 'job payload refused');
        await failJob(this.db, {
          id: row.id,
          workerId: this.workerId,
          error: error.message,
          now: this.clock.now(),
          retryAt: null,
        });
        await this.scheduleNext(row, job);
        return;
      }
      await registration.handler(parsed.data, context);
      await finishJob(this.db, { id: row.id, workerId: this.workerId, now: this.clock.now() });
      await this.scheduleNext(row, job);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const isFinal = row.attempts >= row.maxAttempts;
      // A service that named its own wait (Retry-After, retry_after) is not asked again sooner.
      const delay = Math.max(
        backoffDelay(row.attempts, job.backoffBaseMs, job.backoffMaxMs),
        error instanceof RetryLaterError ? error.retryAfterMs : 0,
      );
      const retryAt = isFinal ? null : new Date(this.clock.nowMs() + delay);
      this.logger?.warn({ job: row.id, kind: row.kind, attempt: row.attempts, err: message }, 'job failed');
      await failJob(this.db, { id: row.id, workerId: this.workerId, error: message, now: this.clock.now(), retryAt });
      if (retryAt) this.wakeAt(retryAt.getTime());
      if (isFinal) await this.scheduleNext(row, job);
    }
  }

  private async scheduleNext(row: JobRow, job: JobKind): Promise<void> {
    if (!job.everyMs || row.key !== recurringKey(row.kind)) return;
    await this.enqueue(job, {}, { key: row.key, runAt: new Date(this.clock.nowMs() + job.everyMs) });
  }

  /** A job of `kind` was queued, due at `runAtMs`: claimed now, or a wake-up set for then. */
  private noticed(kind: string, runAtMs: number): void {
    if (!this.registry.has(kind)) return;
    if (runAtMs > this.clock.nowMs()) {
      this.wakeAt(runAtMs);
      return;
    }
    this.notices.set(kind, (this.notices.get(kind) ?? 0) + 1);
    this.drained.delete(kind);
    this.requestClaim();
  }

  /** Every kind may have something due again (a poll, a timer, the listener back). */
  private wakeAll(): void {
    for (const kind of this.registry.keys()) this.notices.set(kind, (this.notices.get(kind) ?? 0) + 1);
    this.drained.clear();
    this.requestClaim();
  }

  private wakeAt(atMs: number): void {
    if (!this.started || this.stopped) return;
    if (this.wakeAtMs !== null && this.wakeAtMs <= atMs) return;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeAtMs = atMs;
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, atMs - this.clock.nowMs()));
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = null;
      this.wakeAtMs = null;
      // A round as the poll's, which also sets the wake-up for the next delayed job (a later
      // notice was dropped while this earlier wake-up was set).
      this.poll().catch((error: unknown) => this.failedRound(error, 'job runner wake-up failed'));
    }, delay);
  }

  /** The fallback round: leases run out, every kind asked again, the next due job's wake-up set. */
  private async poll(): Promise<void> {
    await requeueExpiredLeases(this.db, this.clock.now());
    this.wakeAll();
    await this.claiming;
    const next = await nextRunAt(this.db, this.kinds(), this.clock.now());
    if (next !== null) this.wakeAt(next);
  }

  /**
   * Listens for queued jobs, claims what is due (the first round before it resolves), and
   * polls slowly as a fallback, until `stop()`.
   */
  async start(): Promise<void> {
    this.stopped = false;
    this.started = true;
    if (this.listen && !this.subscription) {
      this.subscription = await this.listen(JOBS_CHANNEL, {
        // Runs in the driver's callback: it only marks and schedules, never awaits a query.
        onNotification: (payload) => {
          const notice = readJobNotice(payload);
          if (notice) this.noticed(notice.kind, notice.runAtMs);
        },
        // Notices sent while the listener was down are lost: everything is asked again.
        onConnection: (connected) => {
          if (connected) this.wakeAll();
        },
      });
    }
    const round = async () => {
      await this.poll().catch((error: unknown) => this.failedRound(error, 'job runner poll failed'));
      if (!this.stopped) this.pollTimer = setTimeout(() => void round(), this.pollMs);
    };
    await this.scheduleRecurring();
    await round();
  }

  /**
   * Stops claiming, gives the jobs in hand up to `graceMs` to finish, and hands back whatever
   * is still claimed, so another instance runs it now rather than after the lease. A handler
   * that outlives the grace may then run twice: handlers are written to be idempotent.
   * Local runs (`runSoon`) are not cut short: `idle()` waits for them.
   */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopped = true;
    this.started = false;
    if (this.pollTimer) clearTimeout(this.pollTimer);
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.pollTimer = null;
    this.wakeTimer = null;
    this.wakeAtMs = null;
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
    let timeout: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timeout = setTimeout(resolve, graceMs);
    });
    // A claim under way finishes first, so what it took is handed back below.
    await this.claiming;
    await Promise.race([Promise.all([this.running, ...this.inFlight]), grace]);
    clearTimeout(timeout);
    await releaseJobs(this.db, this.workerId);
  }
}

export function recurringKey(kind: string): string {
  return `recurring:${kind}`;
}
