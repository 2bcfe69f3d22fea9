import { z } from 'zod';
import { listOf, optionalQuery, text, ZPageQuery, ZTimestamp } from './common.js';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * A background job as the platform admin sees it (DESIGN §8): command delivery, telemetry
 * rollups, mails. The payload is left out: it may hold addresses and other personal data.
 */
export const ZJob = z.object({
  id: z.number().int(),
  kind: z.string(),
  key: z.string().nullable(),
  status: z.enum(JOB_STATUSES),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  run_at: ZTimestamp,
  created_at: ZTimestamp,
  finished_at: ZTimestamp.nullable(),
  /** Which instance holds it while running. */
  locked_by: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type TJob = z.infer<typeof ZJob>;

export const ZListJobsQuery = ZPageQuery.extend({
  status: optionalQuery(z.enum(JOB_STATUSES)),
  kind: optionalQuery(text(100)),
});
export type TListJobsQuery = z.infer<typeof ZListJobsQuery>;

export const ZJobList = listOf(ZJob).extend({
  /** Jobs of every kind by status, for the tabs' badges. */
  by_status: z.record(z.enum(JOB_STATUSES), z.number().int()),
  /** Every kind the queue holds, for the kind filter. */
  kinds: z.array(z.string()),
});
