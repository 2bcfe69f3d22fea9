import { lt } from 'drizzle-orm';
import { fleetNotices } from '../../db/schema/index.js';
import type { ServiceContext } from '../../lib/context.js';
import { defineJob } from '../../lib/job-kind.js';
import type { JobRunner } from '../jobs/index.js';
import { FLEET_NOTICE_KEEP_DAYS, PRUNE_NOTICES_JOB } from './notices.service.js';

/** Deletes notices past FLEET_NOTICE_KEEP_DAYS (their read marks go with them), daily. */
const pruneNoticesJob = defineJob({ kind: PRUNE_NOTICES_JOB, everyMs: 86_400_000 });

/** The alerts jobs on the one job runner. */
export function registerAlertJobs(jobs: JobRunner, { ctx }: { ctx: ServiceContext }) {
  jobs.register(pruneNoticesJob, async () => {
    const before = new Date(ctx.clock.nowMs() - FLEET_NOTICE_KEEP_DAYS * 86_400_000);
    await ctx.db.delete(fleetNotices).where(lt(fleetNotices.at, before));
  });
}
