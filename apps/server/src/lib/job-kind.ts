import { z } from 'zod';

/** How a kind's failed run is retried: base · 2^(attempt−1), capped at max. */
export type JobBackoff = { baseMs?: number; maxMs?: number };

/**
 * A kind of background job: its name, the zod schema of its payload and how it runs (DESIGN §8,
 * docs/decisions/134-one-job-runner.md). Declared once beside the service that queues it; the
 * module's `<module>-jobs.ts` gives the runner its handler. The payload is checked against the
 * schema when the job is queued and again when it is claimed.
 */
export type JobKind<S extends z.ZodType = z.ZodType> = {
  readonly kind: string;
  readonly payload: S;
  /** Jobs of this kind running at once on one instance (default 2; 1 for a recurring kind). */
  readonly concurrency: number;
  /** Recurring: after each run (success or final failure) the next is due this much later. */
  readonly everyMs: number | undefined;
  readonly backoffBaseMs: number;
  readonly backoffMaxMs: number;
};

export type JobPayload<K extends JobKind> = z.input<K['payload']>;

export const DEFAULT_JOB_CONCURRENCY = 2;

export function defineJob<S extends z.ZodType = z.ZodObject<Record<string, never>>>(spec: {
  kind: string;
  /** Omitted: the kind takes no payload (`{}`), as recurring kinds. */
  payload?: S;
  concurrency?: number;
  everyMs?: number;
  backoff?: JobBackoff;
}): JobKind<S> {
  const concurrency = spec.concurrency ?? (spec.everyMs ? 1 : DEFAULT_JOB_CONCURRENCY);
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`job ${spec.kind}: concurrency must be ≥ 1`);
  return {
    kind: spec.kind,
    payload: (spec.payload ?? z.object({})) as S,
    concurrency,
    everyMs: spec.everyMs,
    backoffBaseMs: spec.backoff?.baseMs ?? 1_000,
    backoffMaxMs: spec.backoff?.maxMs ?? 3600_000,
  };
}

/** A payload that does not fit its kind's schema: at enqueue (a bug of the caller) or at claim (a stored row). */
export class JobPayloadError extends Error {
  constructor(kind: string, error: z.ZodError) {
    const issues = error.issues.map(
      (issue) => `${issue.path.length ? issue.path.join('.') : '(payload)'}: ${issue.message}`,
    );
    super(`job ${kind}: the payload does not fit the kind's schema (${issues.join('; ')})`);
    this.name = 'JobPayloadError';
  }
}

/** The payload as the kind's schema reads it, or JobPayloadError naming each field that does not fit. */
export function parseJobPayload<S extends z.ZodType>(job: JobKind<S>, payload: unknown): z.output<S> {
  const parsed = job.payload.safeParse(payload);
  if (!parsed.success) throw new JobPayloadError(job.kind, parsed.error);
  return parsed.data;
}
