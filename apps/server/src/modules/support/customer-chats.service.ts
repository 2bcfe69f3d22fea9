import {
  SUPPORT_ARCHIVE_STATUSES,
  SUPPORT_CURRENT_STATUSES,
  type TCustomerChat,
  type TCustomerChatCard,
  type TCustomerChatList,
  type TSupportThread,
  type ZCreateCustomerChat,
  type ZCustomerChatQuery,
} from '@vitrina/contract';
import type { z } from 'zod';
import type { CustomerActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { conflict, notFound } from '../../lib/errors.js';
import * as repo from './support.repository.js';
import { announceThread, assertLinks, openThread } from './support.service.js';

/**
 * The customer's side of support chats (the customer app): their own conversations only,
 * without the panel's internal fields (assignee, priority, time in each state). What they
 * write reaches the panel live, as staff comments do, and a new conversation is routed like
 * one opened by staff.
 */
const toChat = (thread: TSupportThread): TCustomerChat => ({
  id: thread.id,
  title: thread.title,
  text: thread.text,
  status: thread.status,
  micromarket_id: thread.micromarket_id,
  micromarket_name: thread.micromarket_name,
  transaction_id: thread.transaction_id,
  comments_count: thread.comments_count,
  last_comment_at: thread.last_comment_at,
  created_at: thread.created_at,
});

export async function listCustomerChats(
  ctx: ServiceContext,
  actor: CustomerActor,
  query: z.output<typeof ZCustomerChatQuery>,
): Promise<TCustomerChatList> {
  const filters: repo.ThreadFilters = {
    kind: 'chat',
    orgIds: [actor.orgId],
    statuses: query.archive ? SUPPORT_ARCHIVE_STATUSES : SUPPORT_CURRENT_STATUSES,
    customerId: actor.userId,
  };
  const page = { limit: query.per_page, offset: (query.page - 1) * query.per_page };
  const [items, total] = await Promise.all([
    repo.listThreads(ctx.db, filters, page, ctx.clock.nowMs()),
    repo.countThreads(ctx.db, filters),
  ]);
  return { items: items.map(toChat), total };
}

/** One of the customer's own chats; anyone else's (or a ticket) answers 404. */
export async function getCustomerChat(
  ctx: ServiceContext,
  actor: CustomerActor,
  id: number,
): Promise<TCustomerChatCard> {
  const thread = await repo.findThread(ctx.db, id, ctx.clock.nowMs());
  if (thread?.kind !== 'chat' || thread.org_id !== actor.orgId || thread.customer_id !== actor.userId) throw notFound();
  return { ...toChat(thread), comments: await repo.listComments(ctx.db, id) };
}

export async function createCustomerChat(
  ctx: ServiceContext,
  actor: CustomerActor,
  body: z.output<typeof ZCreateCustomerChat>,
): Promise<TCustomerChatCard> {
  await assertLinks(ctx, actor.orgId, body, actor.userId);
  const id = await openThread(
    ctx,
    actor,
    {
      kind: 'chat',
      orgId: actor.orgId,
      title: body.title,
      text: body.text,
      priority: 'normal',
      customerId: actor.userId,
      micromarketId: body.micromarket_id ?? null,
      transactionId: body.transaction_id ?? null,
      assigneeId: null,
    },
    { audit: body, notifyText: `${actor.name}: ${body.text}` },
  );
  return getCustomerChat(ctx, actor, id);
}

/** The customer writes in one of their own current chats; an archived one takes nothing more (409). */
export async function commentCustomerChat(
  ctx: ServiceContext,
  actor: CustomerActor,
  id: number,
  text: string,
): Promise<TCustomerChatCard> {
  await ctx.db.transaction(async (tx) => {
    const thread = await repo.lockThread(tx, id);
    if (thread?.kind !== 'chat' || thread.orgId !== actor.orgId || thread.customerId !== actor.userId) throw notFound();
    if (!SUPPORT_CURRENT_STATUSES.includes(thread.status)) throw conflict('support.archived');
    await repo.insertComment(tx, {
      threadId: id,
      authorKind: 'customer',
      authorId: actor.userId,
      text,
      fileKey: null,
      fileName: null,
      fileType: null,
      createdAt: ctx.clock.now(),
    });
  });
  announceThread(ctx, 'chat', { id, orgId: actor.orgId }, 'comment');
  return getCustomerChat(ctx, actor, id);
}
