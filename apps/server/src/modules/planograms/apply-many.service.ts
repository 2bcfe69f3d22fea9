import {
  PLANOGRAM_APPLY_MAX,
  type TAppliedTemplate,
  type TTemplateMicromarkets,
  type ZApplyTemplateToMany,
} from '@vitrina/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { micromarketPlanograms, micromarkets } from '../../db/schema/index.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import { applyLayout } from './apply-layout.js';
import { findTemplate } from './templates.service.js';

/** The micromarkets the caller sees whose active layout came from template `id` (by name). */
export async function templateMicromarkets(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
): Promise<TTemplateMicromarkets> {
  await findTemplate(ctx, actor, id);
  const visible = actor.scope.visibleIds;
  const rows = await ctx.db
    .select({
      id: micromarkets.id,
      name: micromarkets.name,
      address: micromarkets.address,
      activatedAt: micromarketPlanograms.activatedAt,
    })
    .from(micromarketPlanograms)
    .innerJoin(micromarkets, eq(micromarkets.id, micromarketPlanograms.micromarketId))
    .where(
      and(
        eq(micromarketPlanograms.templateId, id),
        eq(micromarketPlanograms.active, true),
        visible === null ? undefined : inArray(micromarkets.orgId, visible),
      ),
    )
    .orderBy(asc(micromarkets.name), asc(micromarkets.id))
    .limit(PLANOGRAM_APPLY_MAX);
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      address: row.address,
      activated_at: row.activatedAt.toISOString(),
    })),
  };
}

/**
 * Makes template `id` the layout of every micromarket the user confirmed (the ones using it,
 * after the template changed: §5 keeps their copies until applied again), in one transaction:
 * each must be seen (404), edited (403) and of the template's organisation (400), or none changes.
 */
export async function applyTemplateToMany(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
  body: z.output<typeof ZApplyTemplateToMany>,
): Promise<TAppliedTemplate> {
  const template = await findTemplate(ctx, actor, id);
  actor.scope.assertEditable(template.orgId);
  const ids = [...new Set(body.micromarket_ids)].sort((a, b) => a - b);
  const found = await ctx.db
    .select({ id: micromarkets.id, orgId: micromarkets.orgId, name: micromarkets.name, address: micromarkets.address })
    .from(micromarkets)
    .where(inArray(micromarkets.id, ids))
    .orderBy(asc(micromarkets.name), asc(micromarkets.id));
  const byId = new Map(found.map((row) => [row.id, row]));
  for (const micromarketId of ids) {
    const row = byId.get(micromarketId);
    if (!row || !actor.scope.canSee(row.orgId)) throw notFound();
    actor.scope.assertEditable(row.orgId);
    if (row.orgId !== template.orgId) {
      throw new AppError(400, 'planogram.template_unknown', {}, { micromarket_ids: 'planogram.template_unknown' });
    }
  }
  const now = ctx.clock.now();
  const by = { userId: actor.userId, label: actor.email, via: actor.via };
  await ctx.db.transaction(async (tx) => {
    // In id order, as a schedule's job would take them: two of these at once cannot deadlock.
    await tx
      .select({ id: micromarkets.id })
      .from(micromarkets)
      .where(inArray(micromarkets.id, ids))
      .orderBy(asc(micromarkets.id))
      .for('update');
    for (const micromarketId of ids) {
      await applyLayout(tx, { micromarketId, template, scheduleId: null, now, by });
      await writeAudit(tx, actor, {
        action: 'apply',
        entity: 'planogram',
        entityId: micromarketId,
        orgId: template.orgId,
        after: { template_id: template.id, together_with: ids.length },
      });
    }
  });
  return {
    applied: ids.length,
    items: found.map((row) => ({ id: row.id, name: row.name, address: row.address, activated_at: now.toISOString() })),
  };
}
