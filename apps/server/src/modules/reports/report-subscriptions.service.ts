import {
  REPORT_SUBSCRIPTIONS_MAX,
  type TReportSubscription,
  type TReportSubscriptionList,
  type ZCreateReportSubscription,
  type ZUpdateReportSubscription,
} from '@vitrina/contract';
import type { z } from 'zod';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import * as repo from './report-subscriptions.repository.js';

type CreateBody = z.output<typeof ZCreateReportSubscription>;
type UpdateBody = z.output<typeof ZUpdateReportSubscription>;

/** A subscription covers only organisations its owner sees: any other answers 404, as its rows would. */
function assertVisible(actor: UserActor, orgIds: readonly number[] | undefined) {
  for (const id of orgIds ?? []) actor.scope.assertVisible(id);
}

const unique = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

export async function listSubscriptions(ctx: ServiceContext, actor: UserActor): Promise<TReportSubscriptionList> {
  return { items: await repo.listForUser(ctx.db, actor.userId) };
}

export async function createSubscription(
  ctx: ServiceContext,
  actor: UserActor,
  body: CreateBody,
): Promise<TReportSubscription> {
  assertVisible(actor, body.org_ids);
  if ((await repo.countForUser(ctx.db, actor.userId)) >= REPORT_SUBSCRIPTIONS_MAX) {
    throw conflict('report.subscription_limit', { max: REPORT_SUBSCRIPTIONS_MAX });
  }
  const now = ctx.clock.now();
  const id = await repo.insertSubscription(ctx.db, {
    userId: actor.userId,
    frequency: body.frequency,
    groupBy: body.group_by,
    format: body.format,
    orgIds: unique(body.org_ids),
    top: body.top,
    timeZone: body.time_zone,
    hour: body.hour,
    active: body.active,
    createdAt: now,
    updatedAt: now,
  });
  const created = (await repo.findOwn(ctx.db, actor.userId, id))!;
  await writeAudit(ctx.db, actor, { action: 'create', entity: 'report_subscription', entityId: id, after: created });
  return created;
}

export async function updateSubscription(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
  body: UpdateBody,
): Promise<TReportSubscription> {
  const before = await repo.findOwn(ctx.db, actor.userId, id);
  if (!before) throw notFound();
  assertVisible(actor, body.org_ids);
  await repo.updateOwn(ctx.db, actor.userId, id, {
    frequency: body.frequency,
    groupBy: body.group_by,
    format: body.format,
    orgIds: body.org_ids ? unique(body.org_ids) : undefined,
    top: body.top,
    timeZone: body.time_zone,
    hour: body.hour,
    active: body.active,
    updatedAt: ctx.clock.now(),
  });
  const after = (await repo.findOwn(ctx.db, actor.userId, id))!;
  await writeAudit(ctx.db, actor, { action: 'update', entity: 'report_subscription', entityId: id, before, after });
  return after;
}

export async function deleteSubscription(ctx: ServiceContext, actor: UserActor, id: number): Promise<void> {
  const before = await repo.findOwn(ctx.db, actor.userId, id);
  if (!before || !(await repo.deleteOwn(ctx.db, actor.userId, id))) throw notFound();
  await writeAudit(ctx.db, actor, { action: 'delete', entity: 'report_subscription', entityId: id, before });
}
