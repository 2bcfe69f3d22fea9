import type {
  TPlanogramTemplate,
  TPlanogramTemplateList,
  ZListPlanogramTemplatesQuery,
  ZSavePlanogramTemplate,
} from '@vitrina/contract';
import { SCHEDULE_STATUS } from '@vitrina/contract';
import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { micromarketPlanograms, planogramSchedules, planogramTemplates } from '../../db/schema/index.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { escapeLike } from '../../lib/sql.js';
import { writeAudit } from '../audit/index.js';
import { assertLayoutProducts, capacityOf, readLayout, viewsOf } from './layout.js';

type Row = typeof planogramTemplates.$inferSelect;

async function toViews(ctx: ServiceContext, rows: Row[]): Promise<TPlanogramTemplate[]> {
  const layouts = rows.map((row) => readLayout(row.layout));
  const ids = rows.map((row) => row.id);
  const [views, active] = await Promise.all([
    viewsOf(ctx.db, layouts),
    ids.length === 0
      ? []
      : ctx.db
          .select({ templateId: micromarketPlanograms.templateId, count: count() })
          .from(micromarketPlanograms)
          .where(and(inArray(micromarketPlanograms.templateId, ids), eq(micromarketPlanograms.active, true)))
          .groupBy(micromarketPlanograms.templateId),
  ]);
  const activeCount = new Map(active.map((row) => [row.templateId, row.count]));
  return rows.map((row, index) => ({
    id: row.id,
    org_id: row.orgId,
    name: row.name,
    layout: views[index]!,
    capacity: capacityOf(layouts[index]!),
    active_count: activeCount.get(row.id) ?? 0,
    updated_at: row.updatedAt.toISOString(),
  }));
}

export async function listTemplates(
  ctx: ServiceContext,
  actor: UserActor,
  query: z.output<typeof ZListPlanogramTemplatesQuery>,
): Promise<TPlanogramTemplateList> {
  if (query.org_id !== undefined) actor.scope.assertVisible(query.org_id);
  const ids = actor.scope.visibleIds;
  const where: SQL | undefined = and(
    ids === null ? undefined : inArray(planogramTemplates.orgId, ids),
    query.org_id === undefined ? undefined : eq(planogramTemplates.orgId, query.org_id),
    query.q ? ilike(planogramTemplates.name, `%${escapeLike(query.q)}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(planogramTemplates)
      .where(where)
      .orderBy(asc(planogramTemplates.name), asc(planogramTemplates.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    ctx.db.select({ total: count() }).from(planogramTemplates).where(where),
  ]);
  return { items: await toViews(ctx, rows), total: total?.total ?? 0 };
}

/** A template the caller may see (404 otherwise). */
export async function findTemplate(ctx: ServiceContext, actor: UserActor, id: number): Promise<Row> {
  const [row] = await ctx.db.select().from(planogramTemplates).where(eq(planogramTemplates.id, id));
  if (!row || !actor.scope.canSee(row.orgId)) throw notFound();
  return row;
}

export async function createTemplate(
  ctx: ServiceContext,
  actor: UserActor,
  body: z.output<typeof ZSavePlanogramTemplate>,
): Promise<TPlanogramTemplate> {
  const orgId = body.org_id ?? actor.orgId;
  actor.scope.assertEditable(orgId);
  await assertLayoutProducts(ctx.db, orgId, body.layout);
  const row = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(planogramTemplates)
      .values({
        orgId,
        name: body.name,
        layout: body.layout,
        createdBy: actor.userId,
        createdAt: ctx.clock.now(),
        updatedAt: ctx.clock.now(),
      })
      .returning();
    await writeAudit(tx, actor, {
      action: 'create',
      entity: 'planogram_template',
      entityId: inserted!.id,
      orgId,
      after: body,
    });
    return inserted!;
  });
  return (await toViews(ctx, [row]))[0]!;
}

export async function updateTemplate(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
  body: z.output<typeof ZSavePlanogramTemplate>,
): Promise<TPlanogramTemplate> {
  const before = await findTemplate(ctx, actor, id);
  actor.scope.assertEditable(before.orgId);
  await assertLayoutProducts(ctx.db, before.orgId, body.layout);
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(planogramTemplates)
      .set({ name: body.name, layout: body.layout, updatedAt: ctx.clock.now() })
      .where(eq(planogramTemplates.id, id))
      .returning();
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'planogram_template',
      entityId: id,
      orgId: before.orgId,
      before: { name: before.name, layout: before.layout },
      after: { name: body.name, layout: body.layout },
    });
    return updated!;
  });
  return (await toViews(ctx, [row]))[0]!;
}

/** Deletes a template no queued or active schedule uses (409 naming how many do). */
export async function deleteTemplate(ctx: ServiceContext, actor: UserActor, id: number): Promise<void> {
  const before = await findTemplate(ctx, actor, id);
  actor.scope.assertEditable(before.orgId);
  await ctx.db.transaction(async (tx) => {
    const [used] = await tx
      .select({ count: count() })
      .from(planogramSchedules)
      .where(
        and(
          eq(planogramSchedules.templateId, id),
          inArray(planogramSchedules.status, [SCHEDULE_STATUS.active, SCHEDULE_STATUS.queued]),
        ),
      );
    if ((used?.count ?? 0) > 0) throw conflict('planogram.template_in_use', { count: used!.count });
    // Finished schedules keep their history only while their template exists: they go with it.
    await tx.delete(planogramSchedules).where(eq(planogramSchedules.templateId, id));
    await tx.delete(planogramTemplates).where(eq(planogramTemplates.id, id));
    await writeAudit(tx, actor, {
      action: 'delete',
      entity: 'planogram_template',
      entityId: id,
      orgId: before.orgId,
      before,
    });
  });
}
