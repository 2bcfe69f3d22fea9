import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { EnqueueOptions } from '../../lib/context.js';

export type JobRow = {
  id: number;
  kind: string;
  key: string | null;
  payload: Record<string, unknown>;
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

export async function insertJob(
  db: Db,
  job: { kind: string; payload: Record<string, unknown>; now: Date } & EnqueueOptions,
): Promise<number | null> {
  const runAt = job.runAt ?? job.now;
  // The partial unique index on key (queued/running) makes a repeated key a no-op.
  const result = await db.execute(sql`
    INSERT INTO jobs (kind, key, payload, run_at, max_attempts, created_at)
    VALUES (${job.kind}, ${job.key ?? null}, ${JSON.stringify(job.payload)}::jsonb, ${runAt.toISOString()}::timestamptz,
            ${job.maxAttempts ?? 8}, ${job.now.toISOString()}::timestamptz)
    ON CONFLICT (key) WHERE status IN ('queued', 'running') DO NOTHING
    RETURNING id`);
  const row = rowsOf<{ id: string | number }>(result)[0];
  return row ? Number(row.id) : null;
}

/**
 * Claims the next due job of the given kinds. SKIP LOCKED lets several instances claim at
 * once without waiting on each other or taking the same row.
 */
export async function claimNextJob(
  db: Db,
  options: { kinds: string[]; workerId: string; now: Date; leaseUntil: Date },
): Promise<JobRow | null> {
  if (options.kinds.length === 0) return null;
  const kinds = sql.join(
    options.kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    UPDATE jobs SET status = 'running', locked_by = ${options.workerId},
      locked_until = ${options.leaseUntil.toISOString()}::timestamptz, attempts = attempts + 1
    WHERE id = (
      SELECT id FROM jobs
      WHERE status = 'queued' AND run_at <= ${options.now.toISOString()}::timestamptz AND kind IN (${kinds})
      ORDER BY run_at, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, kind, key, payload, attempts, max_attempts`);
  const row = rowsOf<RawJob>(result)[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    kind: row.kind,
    key: row.key,
    payload: (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Record<string, unknown>,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
  };
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
