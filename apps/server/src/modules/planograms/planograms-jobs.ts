import type { PlanogramScheduleStatus } from '@vitrina/contract';
import { SCHEDULE_STATUS } from '@vitrina/contract';
import { and, eq, inArray, lte } from 'drizzle-orm';
import { planogramSchedules, planogramTemplates } from '../../db/schema/index.js';
import type { ServiceContext } from '../../lib/context.js';
import { defineJob } from '../../lib/job-kind.js';
import type { JobRunner } from '../jobs/index.js';
import { applyLayout } from './apply-layout.js';
import { dayOf, scheduleStep } from './schedule-rules.js';

export const PLANOGRAM_SCHEDULES_JOB = 'planograms.schedules';
/** Planogram schedules start on their first day and complete after their last (UTC days). */
const planogramSchedulesJob = defineJob({ kind: PLANOGRAM_SCHEDULES_JOB, everyMs: 60_000 });

/**
 * Starts the queued schedules whose first day has come (their template becomes the
 * micromarket's layout and its labels are updated) and completes the ones past their last
 * day. Each schedule moves in its own transaction under its row lock, re-read there, so two
 * instances running the job at once move it once.
 */
export async function runPlanogramSchedules(ctx: ServiceContext): Promise<{ started: number; completed: number }> {
  const now = ctx.clock.now();
  const today = dayOf(now);
  const due = await ctx.db
    .select({ id: planogramSchedules.id })
    .from(planogramSchedules)
    .where(
      and(
        inArray(planogramSchedules.status, [SCHEDULE_STATUS.active, SCHEDULE_STATUS.queued]),
        lte(planogramSchedules.dateFrom, today),
      ),
    )
    .orderBy(planogramSchedules.dateFrom, planogramSchedules.id);
  let started = 0;
  let completed = 0;
  for (const { id } of due) {
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(planogramSchedules).where(eq(planogramSchedules.id, id)).for('update');
      if (!row) return;
      const step = scheduleStep({ ...row, status: row.status as PlanogramScheduleStatus }, today);
      if (step === 'complete') {
        await tx
          .update(planogramSchedules)
          .set({ status: SCHEDULE_STATUS.completed, updatedAt: now })
          .where(eq(planogramSchedules.id, id));
        completed += 1;
      } else if (step === 'start') {
        const [template] = await tx.select().from(planogramTemplates).where(eq(planogramTemplates.id, row.templateId));
        await applyLayout(tx, {
          micromarketId: row.micromarketId,
          template: template!,
          scheduleId: row.id,
          now,
          by: { userId: row.createdBy, label: 'planogram schedule', via: 'job' },
        });
        await tx
          .update(planogramSchedules)
          .set({ status: SCHEDULE_STATUS.active, updatedAt: now })
          .where(eq(planogramSchedules.id, id));
        started += 1;
      }
    });
  }
  return { started, completed };
}

/** The planogram jobs on the one job runner. */
export function registerPlanogramJobs(jobs: JobRunner, { ctx }: { ctx: ServiceContext }) {
  jobs.register(planogramSchedulesJob, async () => {
    await runPlanogramSchedules(ctx);
  });
}
