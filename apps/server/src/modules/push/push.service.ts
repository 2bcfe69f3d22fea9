import {
  monthStartIn,
  PUSH_SCHEDULE_MAX_DAYS,
  parseWallTime,
  type TPushMessage,
  type TPushMessageList,
  type TPushPreview,
  type TPushRecipientOptions,
  type ZCreatePushMessage,
  type ZListPushMessagesQuery,
  type ZPushRecipientsQuery,
} from '@vitrina/contract';
import type { z } from 'zod';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { toE164 } from '../../lib/customers.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import { callingCodeOf } from '../user-groups/index.js';
import { searchCustomers } from '../users/index.js';
import * as repo from './push.repository.js';
import { pushJobKey, pushSendJob } from './push-delivery.js';

type CreateBody = z.output<typeof ZCreatePushMessage>;
type ListQuery = z.output<typeof ZListPushMessagesQuery>;
type RecipientsQuery = z.output<typeof ZPushRecipientsQuery>;

const DAY_MS = 86_400_000;

/** A message as the form describes it, checked against the organisation it goes out from. */
type Resolved = { audience: repo.Audience; sendAt: Date; timeZone: string };

async function resolve(ctx: ServiceContext, actor: UserActor, body: CreateBody): Promise<Resolved> {
  const orgId = body.org_id ?? actor.orgId;
  actor.scope.assertEditable(orgId);
  const { timeZone, currency } = await repo.orgClock(ctx.db, orgId);
  const now = ctx.clock.now();
  let sendAt = now;
  if (body.send_at) {
    const parsed = parseWallTime(body.send_at, timeZone);
    if (!parsed) throw badRequest('errors.bad_request', { send_at: 'validation.datetime' });
    if (parsed.getTime() < now.getTime() - 60_000) {
      throw new AppError(400, 'push.send_at_past', { time_zone: timeZone }, { send_at: 'push.send_at_past' });
    }
    if (parsed.getTime() > now.getTime() + PUSH_SCHEDULE_MAX_DAYS * DAY_MS) {
      throw badRequest('push.send_at_too_far', { send_at: 'push.send_at_too_far' });
    }
    sendAt = parsed.getTime() < now.getTime() ? now : parsed;
  }
  const audience: repo.Audience = { orgId, audience: body.audience, groupIds: [], userId: null, phone: null };
  if (body.audience === 'groups') {
    const groups = [...new Set(body.group_ids)];
    // Another organisation's group does not exist for this message.
    if ((await repo.orgGroupIds(ctx.db, orgId, groups)).length !== groups.length) throw notFound();
    audience.groupIds = groups;
  } else if (body.audience === 'user') {
    if (!body.user_id || !(await repo.findCustomer(ctx.db, orgId, body.user_id))) {
      throw badRequest('push.user_not_customer', { user_id: 'push.user_not_customer' });
    }
    audience.userId = body.user_id;
  } else if (body.audience === 'phone') {
    const phone = body.phone ? toE164(body.phone, callingCodeOf(currency)) : null;
    if (!phone) throw badRequest('push.phone_unknown', { phone: 'push.phone_unknown' });
    audience.phone = phone;
  }
  return { audience, sendAt, timeZone };
}

export async function previewMessage(ctx: ServiceContext, actor: UserActor, body: CreateBody): Promise<TPushPreview> {
  const { audience, sendAt, timeZone } = await resolve(ctx, actor, body);
  const [recipients, overLimit] = await Promise.all([
    repo.countAudience(ctx.db, audience),
    repo.countOverLimit(ctx.db, audience, body.importance, monthStartIn(ctx.clock.now(), timeZone)),
  ]);
  return { recipients, over_limit: overLimit, send_at: sendAt.toISOString(), time_zone: timeZone };
}

export async function createMessage(ctx: ServiceContext, actor: UserActor, body: CreateBody): Promise<TPushMessage> {
  const { audience, sendAt } = await resolve(ctx, actor, body);
  const recipients = await repo.countAudience(ctx.db, audience);
  if (recipients === 0) {
    const field = { all: 'audience', groups: 'group_ids', user: 'user_id', phone: 'phone' }[body.audience];
    throw badRequest(body.audience === 'phone' ? 'push.phone_unknown' : 'push.no_recipients', {
      [field]: body.audience === 'phone' ? 'push.phone_unknown' : 'push.no_recipients',
    });
  }
  const id = await ctx.db.transaction(async (tx) => {
    const messageId = await repo.insertMessage(tx, {
      orgId: audience.orgId,
      createdBy: actor.userId,
      importance: body.importance,
      title: body.title,
      body: body.body,
      action: body.action ?? null,
      extra: body.extra,
      audience: audience.audience,
      groupIds: [...audience.groupIds],
      userId: audience.userId,
      phone: audience.phone,
      sendAt,
      recipients,
      createdAt: ctx.clock.now(),
    });
    await writeAudit(tx, actor, {
      action: 'create',
      entity: 'push_message',
      entityId: messageId,
      orgId: audience.orgId,
      after: { ...body, recipients },
    });
    return messageId;
  });
  // Queued after the row commits: the job finds its message, and a scheduled one waits for its time.
  await ctx.jobs.enqueue(pushSendJob, { messageId: id }, { key: pushJobKey(id), runAt: sendAt, maxAttempts: 10 });
  return getMessage(ctx, actor, id);
}

export async function getMessage(ctx: ServiceContext, actor: UserActor, id: number): Promise<TPushMessage> {
  const message = await repo.findMessage(ctx.db, id);
  if (!message || !actor.scope.canSee(message.org_id)) throw notFound();
  return message;
}

export async function listMessages(ctx: ServiceContext, actor: UserActor, query: ListQuery): Promise<TPushMessageList> {
  if (query.org_id !== undefined) actor.scope.assertVisible(query.org_id);
  const filters = { orgIds: actor.scope.visibleIds, orgId: query.org_id, status: query.status, q: query.q };
  const page = { limit: query.per_page, offset: (query.page - 1) * query.per_page };
  const [items, total] = await Promise.all([
    repo.listMessages(ctx.db, filters, page),
    repo.countMessages(ctx.db, filters),
  ]);
  return { items, total };
}

/** A scheduled message is called off; its job finds it cancelled and sends nothing. */
export async function cancelMessage(ctx: ServiceContext, actor: UserActor, id: number): Promise<TPushMessage> {
  const before = await getMessage(ctx, actor, id);
  actor.scope.assertEditable(before.org_id);
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockMessage(tx, id);
    if (row?.status !== 'scheduled') throw conflict('push.not_cancellable', { status: row?.status ?? before.status });
    await repo.updateMessage(tx, id, { status: 'cancelled', cancelledAt: ctx.clock.now() });
    await writeAudit(tx, actor, {
      action: 'cancel',
      entity: 'push_message',
      entityId: id,
      orgId: before.org_id,
      before: { status: before.status },
      after: { status: 'cancelled' },
    });
  });
  return getMessage(ctx, actor, id);
}

export async function searchRecipients(
  ctx: ServiceContext,
  actor: UserActor,
  query: RecipientsQuery,
): Promise<TPushRecipientOptions> {
  if (query.org_id !== undefined) actor.scope.assertVisible(query.org_id);
  const orgId = query.org_id ?? actor.orgId;
  const items = await searchCustomers(ctx.db, { orgId, orgIds: actor.scope.visibleIds, q: query.q, activeOnly: true });
  return { items };
}
