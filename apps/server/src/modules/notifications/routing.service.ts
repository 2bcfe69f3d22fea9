import {
  CHANNEL_TYPE,
  DEFAULT_NOTIFICATION_RULES,
  type NotificationEvent,
  type TNotificationLog,
  type TNotificationRouting,
  USER_KIND,
  type ZNotificationLogQuery,
  type ZUpdateNotificationRouting,
} from '@vitrina/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import {
  notificationChannels,
  notificationDeliveries,
  notificationRules,
  rolePermissions,
  users,
  whatsappMessages,
} from '../../db/schema/index.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { badRequest } from '../../lib/errors.js';
import { defineJob } from '../../lib/job-kind.js';
import { writeAudit } from '../audit/index.js';
import { messagesFor, type NoticeText } from './recipient-locales.js';

export const NOTIFY_DELIVER_JOB = 'notify.deliver';
/** A delivery per job; four at once, so one slow channel (a mail server timing out) does not hold the others up. */
export const notifyDeliverJob = defineJob({
  kind: NOTIFY_DELIVER_JOB,
  payload: z.object({ deliveryId: z.number().int().positive() }),
  concurrency: 4,
  backoff: { baseMs: 30_000, maxMs: 30 * 60_000 },
});
export const deliveryJobKey = (id: number, deferrals: number) => `notify:${id}:${deferrals}`;

function orgOf(actor: UserActor, orgId: number | undefined): number {
  const id = orgId ?? actor.orgId;
  actor.scope.assertVisible(id);
  return id;
}

async function routingOf(db: Db, orgId: number): Promise<TNotificationRouting> {
  const [channels, rules] = await Promise.all([
    db
      .select({
        id: notificationChannels.id,
        name: notificationChannels.name,
        type: notificationChannels.type,
        active: notificationChannels.active,
      })
      .from(notificationChannels)
      .where(eq(notificationChannels.orgId, orgId))
      .orderBy(asc(notificationChannels.name), asc(notificationChannels.id)),
    db
      .select({
        event: notificationRules.event,
        channel_id: notificationRules.channelId,
        recipients: notificationRules.recipients,
        to_operators: notificationRules.toOperators,
        channel_name: notificationChannels.name,
        channel_type: notificationChannels.type,
      })
      .from(notificationRules)
      .leftJoin(notificationChannels, eq(notificationChannels.id, notificationRules.channelId))
      .where(eq(notificationRules.orgId, orgId))
      .orderBy(asc(notificationRules.id)),
  ]);
  type SentEvent = TNotificationRouting['rules'][number]['event'];
  return {
    org_id: orgId,
    channels,
    rules: rules.map((rule) => ({
      ...rule,
      event: rule.event as SentEvent,
      // Vitrina's mail (no channel) is mail.
      channel_type: rule.channel_type ?? CHANNEL_TYPE.mail,
    })),
  };
}

/** A new organisation's routes (DEFAULT_NOTIFICATION_RULES), in the transaction that creates it. */
export async function addDefaultRoutes(db: Db, orgId: number): Promise<void> {
  await db.insert(notificationRules).values(
    DEFAULT_NOTIFICATION_RULES.map((rule) => ({
      orgId,
      event: rule.event,
      channelId: rule.channel_id,
      recipients: [...rule.recipients],
      toOperators: rule.to_operators,
    })),
  );
}

/** An organisation's routes, removed with the organisation itself. */
export async function removeOrganisationRoutes(db: Db, orgId: number): Promise<void> {
  await db.delete(notificationRules).where(eq(notificationRules.orgId, orgId));
}

export async function getRouting(ctx: ServiceContext, actor: UserActor, orgId?: number): Promise<TNotificationRouting> {
  return routingOf(ctx.db, orgOf(actor, orgId));
}

/** Replaces the organisation's rules in one transaction; every channel must be its own. */
export async function updateRouting(
  ctx: ServiceContext,
  actor: UserActor,
  body: z.output<typeof ZUpdateNotificationRouting>,
): Promise<TNotificationRouting> {
  const orgId = orgOf(actor, body.org_id);
  actor.scope.assertEditable(orgId);
  const wanted = [...new Set(body.rules.flatMap((rule) => (rule.channel_id === null ? [] : [rule.channel_id])))];
  const owned = wanted.length
    ? await ctx.db
        .select({ id: notificationChannels.id, type: notificationChannels.type })
        .from(notificationChannels)
        .where(and(eq(notificationChannels.orgId, orgId), inArray(notificationChannels.id, wanted)))
    : [];
  if (owned.length !== wanted.length) throw badRequest('notify.channel_invalid', { rules: 'notify.channel_invalid' });
  const typeOf = new Map(owned.map((channel) => [channel.id, channel.type]));
  const isMail = (channelId: number | null) => channelId === null || typeOf.get(channelId) === CHANNEL_TYPE.mail;
  if (body.rules.some((rule) => rule.to_operators && !isMail(rule.channel_id)))
    throw badRequest('notify.operators_mail_only', { rules: 'notify.operators_mail_only' });
  await ctx.db.transaction(async (tx) => {
    const before = await routingOf(tx, orgId);
    await tx.delete(notificationRules).where(eq(notificationRules.orgId, orgId));
    if (body.rules.length > 0) {
      await tx.insert(notificationRules).values(
        body.rules.map((rule) => ({
          orgId,
          event: rule.event,
          channelId: rule.channel_id,
          recipients: [...new Set(rule.recipients)],
          toOperators: rule.to_operators,
        })),
      );
    }
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'notification_routing',
      entityId: orgId,
      orgId,
      before: before.rules,
      after: body.rules,
    });
  });
  return routingOf(ctx.db, orgId);
}

export async function deliveryLog(
  ctx: ServiceContext,
  actor: UserActor,
  query: z.output<typeof ZNotificationLogQuery>,
): Promise<TNotificationLog> {
  const orgId = orgOf(actor, query.org_id);
  const where = and(
    eq(notificationDeliveries.orgId, orgId),
    query.status ? eq(notificationDeliveries.status, query.status) : undefined,
    query.event ? eq(notificationDeliveries.event, query.event) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({
        row: notificationDeliveries,
        channelName: notificationChannels.name,
        whatsappStatus: whatsappMessages.status,
      })
      .from(notificationDeliveries)
      .leftJoin(notificationChannels, eq(notificationChannels.id, notificationDeliveries.channelId))
      .leftJoin(whatsappMessages, eq(whatsappMessages.deliveryId, notificationDeliveries.id))
      .where(where)
      .orderBy(desc(notificationDeliveries.createdAt), desc(notificationDeliveries.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(notificationDeliveries).where(where),
  ]);
  return {
    items: rows.map(({ row, channelName, whatsappStatus }) => ({
      id: row.id,
      event: row.event as NotificationEvent,
      channel_id: row.channelId,
      channel_name: channelName,
      recipient: row.recipient,
      subject: row.subject,
      text: row.text,
      status: row.status,
      attempts: row.attempts,
      error: row.error,
      parts: row.partsSent,
      whatsapp_status: whatsappStatus,
      fallback_to: row.fallbackTo,
      created_at: row.createdAt.toISOString(),
      sent_at: row.sentAt?.toISOString() ?? null,
    })),
    total: Number(count?.total ?? 0),
  };
}

export type Notice = {
  orgId: number;
  /**
   * The event, or several from the most to the least specific (a temperature alert is also a
   * technical alert): a recipient routed for more than one gets one message, under the first.
   */
  event: NotificationEvent | readonly NotificationEvent[];
  /** The occurrence (an alert id, a ticket id…): the same key told twice is one message per recipient. */
  key: string;
} & NoticeText;

/**
 * The organisation's operators, as a route's `to_operators` reaches them: its active
 * employees whose role may see the fleet (show_device_page), at their email.
 */
async function operatorEmails(db: Db, orgId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: users.email })
    .from(users)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, users.roleId))
    .where(
      and(
        eq(users.orgId, orgId),
        eq(users.active, true),
        eq(users.userType, USER_KIND.employee),
        eq(rolePermissions.permission, 'show_device_page'),
      ),
    )
    .orderBy(users.email);
  return rows.map((row) => row.email);
}

/** The organisations that route this event somewhere (a check that is costly per organisation asks only these). */
export async function routedOrganisations(db: Db, event: NotificationEvent): Promise<number[]> {
  const rows = await db
    .selectDistinct({ orgId: notificationRules.orgId })
    .from(notificationRules)
    .where(eq(notificationRules.event, event))
    .orderBy(notificationRules.orgId);
  return rows.map((row) => row.orgId);
}

/**
 * Tells the organisation about an event: one outbox row per rule recipient (an occurrence
 * already told is skipped), each sent by its own job, in the recipient's language when the
 * notice composes one per language. Callers run it after their own work has committed and do
 * not let a failure to queue undo or fail that work.
 */
export async function notify(ctx: ServiceContext, notice: Notice): Promise<number> {
  const events: readonly NotificationEvent[] = typeof notice.event === 'string' ? [notice.event] : notice.event;
  const rules = await ctx.db
    .select({
      event: notificationRules.event,
      channelId: notificationRules.channelId,
      channelType: notificationChannels.type,
      recipients: notificationRules.recipients,
      toOperators: notificationRules.toOperators,
    })
    .from(notificationRules)
    .leftJoin(notificationChannels, eq(notificationChannels.id, notificationRules.channelId))
    .where(and(eq(notificationRules.orgId, notice.orgId), inArray(notificationRules.event, [...events])));
  if (rules.length === 0) return 0;
  const operators = rules.some((rule) => rule.toOperators) ? await operatorEmails(ctx.db, notice.orgId) : [];
  const byTarget = new Map<
    string,
    { event: NotificationEvent; channelId: number | null; channelType: number; recipient: string }
  >();
  const ranked = [...rules].sort(
    (a, b) => events.indexOf(a.event as NotificationEvent) - events.indexOf(b.event as NotificationEvent),
  );
  for (const rule of ranked) {
    for (const recipient of [...rule.recipients, ...(rule.toOperators ? operators : [])]) {
      const key = `${rule.channelId ?? 0}:${recipient.toLowerCase()}`;
      if (!byTarget.has(key))
        byTarget.set(key, {
          event: rule.event as NotificationEvent,
          channelId: rule.channelId,
          // Vitrina's mail (no channel) is mail.
          channelType: rule.channelType ?? CHANNEL_TYPE.mail,
          recipient,
        });
    }
  }
  const rows = [...byTarget.values()];
  if (rows.length === 0) return 0;
  const messages = await messagesFor(ctx.db, notice.orgId, notice, rows);
  const now = ctx.clock.now();
  const inserted = await ctx.db
    .insert(notificationDeliveries)
    .values(
      rows.map((row, index) => ({
        orgId: notice.orgId,
        event: row.event,
        dedupeKey: notice.key,
        channelId: row.channelId,
        viaMailer: row.channelId === null,
        recipient: row.recipient,
        subject: messages[index]!.subject,
        text: messages[index]!.text,
        createdAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: notificationDeliveries.id });
  for (const { id } of inserted) {
    await ctx.jobs.enqueue(notifyDeliverJob, { deliveryId: id }, { key: deliveryJobKey(id, 0), maxAttempts: 6 });
  }
  return inserted.length;
}
