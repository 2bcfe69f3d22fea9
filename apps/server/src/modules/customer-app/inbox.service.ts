import type { TInbox, TInboxMessage, TRegisterPushDevice, ZInboxQuery } from '@vitrina/contract';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { pushDeliveries, pushMessages } from '../../db/schema/index.js';
import type { CustomerActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { keepPushDevice, markPushRead } from '../push/index.js';

const delivered = (userId: number) => and(eq(pushDeliveries.userId, userId), eq(pushDeliveries.status, 'delivered'));

function inboxRows(db: Db) {
  return db
    .select({
      id: pushDeliveries.id,
      importance: pushDeliveries.importance,
      title: pushMessages.title,
      body: pushMessages.body,
      action: pushMessages.action,
      extra: pushMessages.extra,
      deliveredAt: pushDeliveries.deliveredAt,
      readAt: pushDeliveries.readAt,
    })
    .from(pushDeliveries)
    .innerJoin(pushMessages, eq(pushMessages.id, pushDeliveries.messageId));
}

type InboxRow = Awaited<ReturnType<ReturnType<typeof inboxRows>['where']>>[number];

const toMessage = (row: InboxRow): TInboxMessage => ({
  id: row.id,
  importance: row.importance,
  title: row.title,
  body: row.body,
  action: row.action,
  extra: row.extra,
  delivered_at: (row.deliveredAt ?? new Date(0)).toISOString(),
  read_at: row.readAt?.toISOString() ?? null,
});

/** The messages the built-in provider delivered to the customer, newest first. */
export async function inbox(
  ctx: ServiceContext,
  actor: CustomerActor,
  query: z.output<typeof ZInboxQuery>,
): Promise<TInbox> {
  const [rows, [totals], [unread]] = await Promise.all([
    inboxRows(ctx.db)
      .where(delivered(actor.userId))
      .orderBy(desc(pushDeliveries.deliveredAt), desc(pushDeliveries.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    ctx.db.select({ n: count() }).from(pushDeliveries).where(delivered(actor.userId)),
    ctx.db
      .select({ n: count() })
      .from(pushDeliveries)
      .where(and(delivered(actor.userId), isNull(pushDeliveries.readAt))),
  ]);
  return { items: rows.map(toMessage), total: totals?.n ?? 0, unread: unread?.n ?? 0 };
}

/** Marks one of the customer's own messages read (once: the first time stays); another's is 404. */
export async function markRead(ctx: ServiceContext, actor: CustomerActor, id: number): Promise<TInboxMessage> {
  await markPushRead(ctx.db, { id, userId: actor.userId, at: ctx.clock.now() });
  const [row] = await inboxRows(ctx.db).where(and(eq(pushDeliveries.id, id), delivered(actor.userId)));
  if (!row) throw notFound();
  return toMessage(row);
}

/**
 * Keeps the installation's push token for the customer. A token moves to whoever signs in
 * on the installation last, so a shared phone never gets the previous customer's messages.
 */
export async function registerDevice(ctx: ServiceContext, actor: CustomerActor, body: TRegisterPushDevice) {
  await keepPushDevice(ctx.db, {
    userId: actor.userId,
    token: body.token,
    platform: body.platform,
    at: ctx.clock.now(),
  });
}
