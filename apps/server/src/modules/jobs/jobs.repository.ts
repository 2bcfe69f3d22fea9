import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { EnqueueOptions } from '../../lib/context.js';
import { pgArray } from '../../lib/sql.js';

export type JobRow = {
  id: number;
  kind: string;
  key: string | null;
  /** As stored: the runner checks it against the kind's schema before the handler sees it. */
  payload: unknown;
  attempts: number;
  maxAttempts: number;
};

type RawJob = {
  id: string | number;
  kind: string;
  key: string | null;
  payload: unknown;
  attempts: number;
  max_attempts: number;
};

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The channel a queued job is announced on (`<kind> <run_at in epoch ms>`), committed with its row. */
export const JOBS_CHANNEL = 'vitrina_jobs';

export function jobNotice(kind: string, runAt: Date): string {
  return `${kind} ${runAt.getTime()}`;
}

/** `<kind> <ms>` back to its parts; null for anything else on the channel. */
export function readJobNotice(payload: string): { kind: string; runAtMs: number } | null {
  const space = payload.lastIndexOf(' ');
  const runAtMs = Number(payload.slice(space + 1));
  if (space <= 0 || !Number.isFinite(runAtMs)) return null;
  return { kind: payload.slice(0, space), runAtMs };
}

/**
 * One job row, announced on JOBS_CHANNEL by the same statement: NOTIFY is delivered when the
 * caller's transaction commits (never for a rolled-back one), so a runner woken by it finds the
 * row. The payload is the kind's, already checked by the caller (enqueueJob).
 */
export async function insertJob(
  db: Db,
  job: { kind: string; payload: unknown; now: Date } & EnqueueOptions,
): Promise<number | null> {
  const runAt = job.runAt ?? job.now;
  // The partial unique index on key (queued/running) makes a repeated key a no-op, and no notice.
  const result = await db.execute(sql`
    WITH inserted AS (
      INSERT INTO jobs (kind, key, payload, run_at, max_attempts, created_at)
      VALUES (${job.kind}, ${job.key ?? null}, ${JSON.stringify(job.payload)}::jsonb, ${runAt.toISOString()}::timestamptz,
              ${job.maxAttempts ?? 8}, ${job.now.toISOString()}::timestamptz)
      ON CONFLICT (key) WHERE status IN ('queued', 'running') DO NOTHING
      RETURNING id)
    SELECT id, pg_notify(${JOBS_CHANNEL}, ${jobNotice(job.kind, runAt)}) FROM inserted`);
  const row = rowsOf<{ id: string | number }>(result)[0];
  return row ? Number(row.id) : null;
}

function toJobRow(row: RawJob): JobRow {
  return {
    id: Number(row.id),
    kind: row.kind,
    key: row.key,
    payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
  };
}

const CLAIMED = sql`RETURNING id, kind, key, payload, attempts, max_attempts`;

/**
 * Claims the next due job of the given kinds (one at a time: `runDue`). SKIP LOCKED lets
 * several instances claim at once without waiting on each other or taking the same row.
 */
export async function claimNextJob(
  db: Db,
  options: { kinds: string[]; workerId: string; now: Date; leaseUntil: Date },
): Promise<JobRow | null> {
  if (options.kinds.length === 0) return null;
  const result = await db.execute(sql`
    UPDATE jobs SET status = 'running', locked_by = ${options.workerId},
      locked_until = ${options.leaseUntil.toISOString()}::timestamptz, attempts = attempts + 1
    WHERE id = (
      SELECT id FROM jobs
      WHERE status = 'queued' AND run_at <= ${options.now.toISOString()}::timestamptz AND kind = ANY(${pgArray(options.kinds)}::text[])
      ORDER BY run_at, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    ${CLAIMED}`);
  const row = rowsOf<RawJob>(result)[0];
  return row ? toJobRow(row) : null;
}

/**
 * Claims up to `wanted[kind]` due jobs of each kind in one statement (the runner's free slots
 * per kind), oldest first within a kind: a kind whose slots are all busy is not asked for, so
 * its queue never stands in front of another kind's (jobs_due_by_kind, migration 0049).
 */
export async function claimJobs(
  db: Db,
  options: { wanted: Map<string, number>; workerId: string; now: Date; leaseUntil: Date },
): Promise<JobRow[]> {
  const kinds = [...options.wanted.keys()];
  if (kinds.length === 0) return [];
  const counts = kinds.map((kind) => options.wanted.get(kind)!);
  const result = await db.execute(sql`
    UPDATE jobs SET status = 'running', locked_by = ${options.workerId},
      locked_until = ${options.leaseUntil.toISOString()}::timestamptz, attempts = attempts + 1
    WHERE id IN (
      SELECT due.id
      FROM unnest(${pgArray(kinds)}::text[], ${pgArray(counts)}::integer[]) AS wanted(kind, n)
      CROSS JOIN LATERAL (
        SELECT id FROM jobs
        WHERE status = 'queued' AND kind = wanted.kind AND run_at <= ${options.now.toISOString()}::timestamptz
        ORDER BY run_at, id
        LIMIT wanted.n
        FOR UPDATE SKIP LOCKED
      ) AS due
    )
    ${CLAIMED}`);
  return rowsOf<RawJob>(result)
    .map(toJobRow)
    .sort((a, b) => a.id - b.id);
}

/**
 * When the earliest queued job of these kinds due after `now` is due (epoch ms), or null: the
 * runner sets its wake-up by it. Jobs due already are the claims' (they may wait for a slot).
 */
export async function nextRunAt(db: Db, kinds: string[], now: Date): Promise<number | null> {
  if (kinds.length === 0) return null;
  const result = await db.execute(sql`
    SELECT min(run_at) AS at FROM jobs
    WHERE status = 'queued' AND kind = ANY(${pgArray(kinds)}::text[]) AND run_at > ${now.toISOString()}::timestamptz`);
  const at = rowsOf<{ at: string | Date | null }>(result)[0]?.at;
  return at ? new Date(at).getTime() : null;
}

/** Only while still ours: a job whose lease ran out may have been taken over by another worker. */
export async function finishJob(db: Db, job: { id: number; workerId: string; now: Date }): Promise<void> {
  await db.execute(sql`
    UPDATE jobs SET status = 'done', finished_at = ${job.now.toISOString()}::timestamptz, locked_by = NULL, locked_until = NULL
    WHERE id = ${job.id} AND status = 'running' AND locked_by = ${job.workerId}`);
}

export async function failJob(
  db: Db,
  job: { id: number; workerId: string; error: string; now: Date; retryAt: Date | null },
): Promise<void> {
  const error = job.error.slice(0, 2000);
  if (job.retryAt) {
    await db.execute(sql`
      UPDATE jobs SET status = 'queued', run_at = ${job.retryAt.toISOString()}::timestamptz, last_error = ${error},
        locked_by = NULL, locked_until = NULL
      WHERE id = ${job.id} AND status = 'running' AND locked_by = ${job.workerId}`);
  } else {
    await db.execute(sql`
      UPDATE jobs SET status = 'failed', finished_at = ${job.now.toISOString()}::timestamptz, last_error = ${error},
        locked_by = NULL, locked_until = NULL
      WHERE id = ${job.id} AND status = 'running' AND locked_by = ${job.workerId}`);
  }
}

/** Puts this worker's running jobs back in the queue (shutdown), without counting the attempt. */
export async function releaseJobs(db: Db, workerId: string): Promise<number> {
  const result = await db.execute(sql`
    UPDATE jobs SET status = 'queued', locked_by = NULL, locked_until = NULL, attempts = greatest(attempts - 1, 0)
    WHERE status = 'running' AND locked_by = ${workerId}
    RETURNING id`);
  return rowsOf(result).length;
}

/** Jobs of a worker that died mid-run: their lease ran out, so they are due again. */
export async function requeueExpiredLeases(db: Db, now: Date): Promise<number> {
  const result = await db.execute(sql`
    UPDATE jobs SET status = 'queued', locked_by = NULL, locked_until = NULL
    WHERE status = 'running' AND locked_until < ${now.toISOString()}::timestamptz
    RETURNING id`);
  return rowsOf(result).length;
}

/** Finished jobs older than `before`, deleted so the table stays the size of the live work. */
export async function deleteFinishedJobs(db: Db, before: Date): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM jobs WHERE status IN ('done', 'failed') AND finished_at < ${before.toISOString()}::timestamptz
    RETURNING id`);
  return rowsOf(result).length;
}
