import { JOB_STATUSES, type JobStatus, type TJob, type TListJobsQuery } from '@vitrina/contract';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';
import { JOBS_CHANNEL, jobNotice } from './jobs.repository.js';

const columns = {
  id: jobs.id,
  kind: jobs.kind,
  key: jobs.key,
  status: jobs.status,
  attempts: jobs.attempts,
  maxAttempts: jobs.maxAttempts,
  runAt: jobs.runAt,
  createdAt: jobs.createdAt,
  finishedAt: jobs.finishedAt,
  lockedBy: jobs.lockedBy,
  lastError: jobs.lastError,
};

type Row = {
  id: number;
  kind: string;
  key: string | null;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  createdAt: Date;
  finishedAt: Date | null;
  lockedBy: string | null;
  lastError: string | null;
};

function toJob(row: Row): TJob {
  return {
    id: row.id,
    kind: row.kind,
    key: row.key,
    status: row.status,
    attempts: row.attempts,
    max_attempts: row.maxAttempts,
    run_at: row.runAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    locked_by: row.lockedBy,
    last_error: row.lastError,
  };
}

/** Running first, then queued by when they are due, then finished ones newest first. */
const ORDER = [
  sql`CASE ${jobs.status} WHEN 'running' THEN 0 WHEN 'queued' THEN 1 ELSE 2 END`,
  sql`CASE WHEN ${jobs.status} IN ('running', 'queued') THEN ${jobs.runAt} END ASC`,
  desc(jobs.finishedAt),
  desc(jobs.id),
];

export async function listJobs(db: Db, query: TListJobsQuery) {
  const where: SQL[] = [];
  if (query.status) where.push(eq(jobs.status, query.status));
  if (query.kind) where.push(eq(jobs.kind, query.kind));
  const filter = where.length ? and(...where) : undefined;
  const [rows, [total], statusRows, kindRows] = await Promise.all([
    db
      .select(columns)
      .from(jobs)
      .where(filter)
      .orderBy(...ORDER)
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ value: count() }).from(jobs).where(filter),
    db
      .select({ status: jobs.status, value: count() })
      .from(jobs)
      .where(query.kind ? eq(jobs.kind, query.kind) : undefined)
      .groupBy(jobs.status),
    db.selectDistinct({ kind: jobs.kind }).from(jobs).orderBy(asc(jobs.kind)),
  ]);
  const byStatus = Object.fromEntries(JOB_STATUSES.map((status) => [status, 0])) as Record<JobStatus, number>;
  for (const row of statusRows) byStatus[row.status] = row.value;
  return {
    items: (rows as Row[]).map(toJob),
    total: total?.value ?? 0,
    by_status: byStatus,
    kinds: kindRows.map((row) => row.kind),
  };
}

export async function findJob(db: Db, id: number): Promise<TJob | null> {
  const [row] = await db.select(columns).from(jobs).where(eq(jobs.id, id));
  return row ? toJob(row as Row) : null;
}

/**
 * A failed job back in the queue, due now with its attempts from zero. Only while it is still
 * failed; a job with the same key already queued again (a recurring one) wins, so the retry
 * answers null rather than breaking the one-unfinished-job-per-key rule.
 */
export async function requeueFailedJob(db: Db, id: number, now: Date): Promise<TJob | null> {
  const result = await db.execute(sql`
    UPDATE jobs SET status = 'queued', attempts = 0, run_at = ${now.toISOString()}::timestamptz, finished_at = NULL,
      locked_by = NULL, locked_until = NULL
    WHERE id = ${id} AND status = 'failed'
      AND (key IS NULL OR NOT EXISTS (
        SELECT 1 FROM jobs other WHERE other.key = jobs.key AND other.status IN ('queued', 'running')))
    RETURNING id, kind`);
  const [row] = (result as unknown as { rows: { kind: string }[] }).rows;
  if (!row) return null;
  // Announced as a queued job is, so a runner wakes for it (on commit).
  await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${jobNotice(row.kind, now)})`);
  return findJob(db, id);
}
