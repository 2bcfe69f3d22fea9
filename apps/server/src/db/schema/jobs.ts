import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const JOB_STATUS_VALUES = ['queued', 'running', 'done', 'failed'] as const;

/**
 * The durable job runner's queue (DESIGN §8): claimed with FOR UPDATE SKIP LOCKED, retried
 * with backoff, idempotent by `key`, released on shutdown. Recurring jobs re-enqueue
 * themselves under the same key.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /** Idempotency: at most one unfinished job per key. */
    key: text('key'),
    payload: jsonb('payload').notNull().default({}),
    status: text('status', { enum: JOB_STATUS_VALUES }).notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_key_unfinished').on(t.key).where(sql`${t.status} IN ('queued', 'running')`),
    index('jobs_due').on(t.runAt).where(sql`${t.status} = 'queued'`),
    // The runner claims per kind (its free slots of each): a kind's due jobs, oldest first, without walking the others'.
    index('jobs_due_by_kind').on(t.kind, t.runAt, t.id).where(sql`${t.status} = 'queued'`),
    index('jobs_kind_created').on(t.kind, t.createdAt),
  ],
);
