import type {
  PlanogramScheduleStatus,
  TMicromarketPlanogram,
  TPlanogramSchedule,
  TPlanogramTagRow,
  ZApplyPlanogram,
  ZCreatePlanogramSchedule,
} from '@vitrina/contract';
import { SCHEDULE_STATUS } from '@vitrina/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  micromarketPlanograms,
  micromarkets,
  planogramSchedules,
  planogramTemplates,
  products,
  tags,
} from '../../db/schema/index.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import { visibleMicromarketOrg } from '../micromarkets/index.js';
import { applyLayout } from './apply-layout.js';
import { expectedByProduct, readLayout, viewsOf } from './layout.js';
import { dayOf, isOpen, overlaps } from './schedule-rules.js';

type ScheduleRow = typeof planogramSchedules.$inferSelect;

/** A template of the micromarket's organisation (400 on `template_id` otherwise). */
async function templateFor(ctx: ServiceContext, orgId: number, templateId: number) {
  const [row] = await ctx.db.select().from(planogramTemplates).where(eq(planogramTemplates.id, templateId));
  if (!row || row.orgId !== orgId) {
    throw new AppError(400, 'planogram.template_unknown', {}, { template_id: 'planogram.template_unknown' });
  }
  return row;
}

async function scheduleViews(ctx: ServiceContext, rows: ScheduleRow[]): Promise<TPlanogramSchedule[]> {
  const ids = [...new Set(rows.map((row) => row.templateId))];
  const names =
    ids.length === 0
      ? new Map<number, string>()
      : new Map(
          (
            await ctx.db
              .select({ id: planogramTemplates.id, name: planogramTemplates.name })
              .from(planogramTemplates)
              .where(inArray(planogramTemplates.id, ids))
          ).map((row) => [row.id, row.name]),
        );
  return rows.map((row) => ({
    id: row.id,
    micromarket_id: row.micromarketId,
    template_id: row.templateId,
    template_name: names.get(row.templateId) ?? '',
    date_from: row.dateFrom,
    date_to: row.dateTo,
    status: row.status as PlanogramScheduleStatus,
    created_at: row.createdAt.toISOString(),
  }));
}

export async function micromarketPlanogram(
  ctx: ServiceContext,
  actor: UserActor,
  micromarketId: number,
): Promise<TMicromarketPlanogram> {
  await visibleMicromarketOrg(ctx, actor, micromarketId);
  const [[active], schedules] = await Promise.all([
    ctx.db
      .select()
      .from(micromarketPlanograms)
      .where(and(eq(micromarketPlanograms.micromarketId, micromarketId), eq(micromarketPlanograms.active, true))),
    ctx.db
      .select()
      .from(planogramSchedules)
      .where(eq(planogramSchedules.micromarketId, micromarketId))
      .orderBy(desc(planogramSchedules.dateFrom), desc(planogramSchedules.id))
      .limit(100),
  ]);
  const [layout] = active ? await viewsOf(ctx.db, [readLayout(active.layout)]) : [];
  return {
    micromarket_id: micromarketId,
    active: active
      ? {
          template_id: active.templateId,
          template_name: active.templateName,
          layout: layout!,
          activated_at: active.activatedAt.toISOString(),
          schedule_id: active.scheduleId,
        }
      : null,
    schedules: await scheduleViews(ctx, schedules),
  };
}

const byActor = (actor: UserActor) => ({ userId: actor.userId, label: actor.email, via: actor.via });

/** Makes a template the micromarket's layout now, deactivating the previous one. */
export async function applyTemplate(
  ctx: ServiceContext,
  actor: UserActor,
  micromarketId: number,
  body: z.output<typeof ZApplyPlanogram>,
): Promise<TMicromarketPlanogram> {
  const orgId = await visibleMicromarketOrg(ctx, actor, micromarketId);
  actor.scope.assertEditable(orgId);
  const template = await templateFor(ctx, orgId, body.template_id);
  await ctx.db.transaction(async (tx) => {
    await applyLayout(tx, { micromarketId, template, scheduleId: null, now: ctx.clock.now(), by: byActor(actor) });
    await writeAudit(tx, actor, {
      action: 'apply',
      entity: 'planogram',
      entityId: micromarketId,
      orgId,
      after: { template_id: template.id },
    });
  });
  return micromarketPlanogram(ctx, actor, micromarketId);
}

/**
 * Queues a template on the micromarket for days (§5): overlapping queued or active
 * schedules answer 409 naming how many, unless the user confirmed, when they are cancelled
 * and the new one is queued, in one transaction. The schedule job starts it on its first day.
 */
export async function createSchedule(
  ctx: ServiceContext,
  actor: UserActor,
  micromarketId: number,
  body: z.output<typeof ZCreatePlanogramSchedule>,
): Promise<TPlanogramSchedule> {
  const orgId = await visibleMicromarketOrg(ctx, actor, micromarketId);
  actor.scope.assertEditable(orgId);
  await templateFor(ctx, orgId, body.template_id);
  const today = dayOf(ctx.clock.now());
  if (body.date_to < today) throw new AppError(400, 'planogram.date_past', {}, { date_to: 'planogram.date_past' });
  const span = { dateFrom: body.date_from, dateTo: body.date_to };
  const row = await ctx.db.transaction(async (tx) => {
    // The micromarket's row lock: two schedules made at once see each other.
    await tx.select({ id: micromarkets.id }).from(micromarkets).where(eq(micromarkets.id, micromarketId)).for('update');
    const open = await tx
      .select()
      .from(planogramSchedules)
      .where(
        and(
          eq(planogramSchedules.micromarketId, micromarketId),
          inArray(planogramSchedules.status, [SCHEDULE_STATUS.active, SCHEDULE_STATUS.queued]),
        ),
      );
    const clashing = open.filter((other) => isOpen(other.status as PlanogramScheduleStatus) && overlaps(other, span));
    if (clashing.length > 0 && !body.confirm) throw conflict('planogram.schedule_overlaps', { count: clashing.length });
    if (clashing.length > 0) {
      await tx
        .update(planogramSchedules)
        .set({ status: SCHEDULE_STATUS.cancelled, updatedAt: ctx.clock.now() })
        .where(
          inArray(
            planogramSchedules.id,
            clashing.map((other) => other.id),
          ),
        );
    }
    const [inserted] = await tx
      .insert(planogramSchedules)
      .values({
        micromarketId,
        templateId: body.template_id,
        dateFrom: body.date_from,
        dateTo: body.date_to,
        status: SCHEDULE_STATUS.queued,
        createdBy: actor.userId,
        createdAt: ctx.clock.now(),
        updatedAt: ctx.clock.now(),
      })
      .returning();
    await writeAudit(tx, actor, {
      action: 'schedule',
      entity: 'planogram',
      entityId: micromarketId,
      orgId,
      after: { ...body, cancelled: clashing.map((other) => other.id) },
    });
    return inserted!;
  });
  return (await scheduleViews(ctx, [row]))[0]!;
}

/** Cancels a queued or active schedule; the layout in force stays until another is applied. */
export async function cancelSchedule(ctx: ServiceContext, actor: UserActor, id: number): Promise<TPlanogramSchedule> {
  const [row] = await ctx.db.select().from(planogramSchedules).where(eq(planogramSchedules.id, id));
  if (!row) throw notFound();
  const orgId = await visibleMicromarketOrg(ctx, actor, row.micromarketId);
  actor.scope.assertEditable(orgId);
  const updated = await ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(planogramSchedules)
      .set({ status: SCHEDULE_STATUS.cancelled, updatedAt: ctx.clock.now() })
      .where(
        and(
          eq(planogramSchedules.id, id),
          inArray(planogramSchedules.status, [SCHEDULE_STATUS.active, SCHEDULE_STATUS.queued]),
        ),
      )
      .returning();
    if (!changed) throw conflict('planogram.schedule_finished');
    await writeAudit(tx, actor, {
      action: 'cancel_schedule',
      entity: 'planogram',
      entityId: row.micromarketId,
      orgId,
      after: { schedule_id: id },
    });
    return changed;
  });
  return (await scheduleViews(ctx, [updated]))[0]!;
}

/** Per product: what the active layout expects against the tags in the micromarket now. */
export async function planogramTags(
  ctx: ServiceContext,
  actor: UserActor,
  micromarketId: number,
): Promise<{ items: TPlanogramTagRow[] }> {
  await visibleMicromarketOrg(ctx, actor, micromarketId);
  const [[active], present] = await Promise.all([
    ctx.db
      .select({ layout: micromarketPlanograms.layout })
      .from(micromarketPlanograms)
      .where(and(eq(micromarketPlanograms.micromarketId, micromarketId), eq(micromarketPlanograms.active, true))),
    ctx.db
      .select({ productId: tags.productId, count: sql<number>`count(*)::int` })
      .from(tags)
      .where(and(eq(tags.micromarketId, micromarketId), eq(tags.status, 'in_micromarket')))
      .groupBy(tags.productId),
  ]);
  const expected = active ? expectedByProduct(readLayout(active.layout)) : new Map<number, number>();
  const inside = new Map(present.map((row) => [row.productId, row.count]));
  const ids = [...new Set([...expected.keys(), ...inside.keys()])];
  const names =
    ids.length === 0
      ? new Map<number, string>()
      : new Map(
          (
            await ctx.db
              .select({ id: products.id, name: products.name })
              .from(products)
              .where(inArray(products.id, ids))
          ).map((row) => [row.id, row.name]),
        );
  const items = ids.map((productId) => {
    const want = expected.get(productId) ?? 0;
    const have = inside.get(productId) ?? 0;
    return {
      product_id: productId,
      product_name: names.get(productId) ?? `#${productId}`,
      expected: want,
      present: have,
      missing: Math.max(want - have, 0),
      excess: Math.max(have - want, 0),
    };
  });
  items.sort((a, b) => b.missing - a.missing || b.excess - a.excess || a.product_name.localeCompare(b.product_name));
  return { items };
}
