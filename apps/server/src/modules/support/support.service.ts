import {
  SUPPORT_ARCHIVE_STATUSES,
  SUPPORT_CURRENT_STATUSES,
  SUPPORT_MOVES,
  SUPPORT_MOVES_OF,
  type SupportKind,
  type SupportMove,
  type TSupportPersonOptions,
  type TSupportThread,
  type TSupportThreadCard,
  type TSupportThreadList,
  type UploadMimeType,
  type ZCreateSupportThread,
  type ZListSupportQuery,
  type ZSupportPeopleQuery,
  type ZUpdateTicket,
} from '@vitrina/contract';
import type { z } from 'zod';
import type { supportThreads } from '../../db/schema/index.js';
import type { CustomerActor, UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { newStorageKey } from '../../lib/storage.js';
import type { Upload } from '../../lib/uploads.js';
import { writeAudit } from '../audit/index.js';
import { notify } from '../notifications/index.js';
import { searchCustomers } from '../users/index.js';
import * as repo from './support.repository.js';
import { markThreadRead } from './support-reads.js';

type CreateBody = z.output<typeof ZCreateSupportThread>;
type ListQuery = z.output<typeof ZListSupportQuery>;
type PeopleQuery = z.output<typeof ZSupportPeopleQuery>;

/** Who works each kind: a ticket's assignee holds the ticket page's permission. */
const PERMISSION_OF: Record<SupportKind, string> = { chat: 'show_support_page', ticket: 'show_ticket_system_page' };
const ENTITY_OF: Record<SupportKind, string> = { chat: 'support_chat', ticket: 'ticket' };
const TOPIC_OF = { chat: 'support', ticket: 'ticket' } as const;

const EXTENSIONS: Partial<Record<UploadMimeType, 'pdf' | 'jpg' | 'png' | 'webp'>> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
export const ATTACHMENT_TYPES = Object.keys(EXTENSIONS) as UploadMimeType[];

/** Tells open panels that a conversation changed (the staff's and the customer's sides alike). */
export function announceThread(
  ctx: ServiceContext,
  kind: SupportKind,
  thread: { id: number; orgId: number },
  change: string,
) {
  ctx.live.publish({ topic: TOPIC_OF[kind], org_id: thread.orgId, id: thread.id, data: { change } });
}

export async function listThreads(
  ctx: ServiceContext,
  actor: UserActor,
  kind: SupportKind,
  query: ListQuery,
): Promise<TSupportThreadList> {
  if (query.org_id !== undefined) actor.scope.assertVisible(query.org_id);
  const filters: repo.ThreadFilters = {
    kind,
    orgIds: actor.scope.visibleIds,
    orgId: query.org_id,
    statuses: query.archive ? SUPPORT_ARCHIVE_STATUSES : SUPPORT_CURRENT_STATUSES,
    q: query.q,
    assigneeId: query.assignee_id,
    customerId: query.customer_id,
    priority: kind === 'ticket' ? query.priority : undefined,
  };
  const page = { limit: query.per_page, offset: (query.page - 1) * query.per_page };
  const [items, total] = await Promise.all([
    repo.listThreads(ctx.db, filters, page, ctx.clock.nowMs()),
    repo.countThreads(ctx.db, filters),
  ]);
  return { items, total };
}

/** A conversation of this kind the actor can see; any other answers 404. */
async function visibleThread(ctx: ServiceContext, actor: UserActor, kind: SupportKind, id: number) {
  const thread = await repo.findThread(ctx.db, id, ctx.clock.nowMs());
  if (!thread || thread.kind !== kind || !actor.scope.canSee(thread.org_id)) throw notFound();
  return thread;
}

export async function getThread(
  ctx: ServiceContext,
  actor: UserActor,
  kind: SupportKind,
  id: number,
): Promise<TSupportThreadCard> {
  const thread = await visibleThread(ctx, actor, kind, id);
  const [comments, history] = await Promise.all([repo.listComments(ctx.db, id), repo.listHistory(ctx.db, id)]);
  // Opening a conversation (or answering in it, which answers with it) reads it: the menu's badge counts the rest.
  await markThreadRead(ctx.db, actor.userId, id, ctx.clock.now());
  return { ...thread, comments, history };
}

type Links = { customer_id?: number | null; micromarket_id?: number | null; transaction_id?: number | null };

/**
 * The customer, micromarket and sale a conversation names must be the organisation's (400 on
 * the field otherwise); `ofCustomer`: the sale must also be this customer's (the customer app).
 */
export async function assertLinks(ctx: ServiceContext, orgId: number, body: Links, ofCustomer?: number) {
  const fields: Record<
    string,
    'support.customer_invalid' | 'support.micromarket_invalid' | 'support.transaction_invalid'
  > = {};
  if (body.customer_id && !(await repo.isCustomerOf(ctx.db, orgId, body.customer_id)))
    fields.customer_id = 'support.customer_invalid';
  if (body.micromarket_id && !(await repo.isMicromarketOf(ctx.db, orgId, body.micromarket_id)))
    fields.micromarket_id = 'support.micromarket_invalid';
  if (body.transaction_id && !(await repo.isTransactionOf(ctx.db, orgId, body.transaction_id, ofCustomer)))
    fields.transaction_id = 'support.transaction_invalid';
  if (Object.keys(fields).length > 0) throw badRequest('errors.bad_request', fields);
}

async function assertAssignee(ctx: ServiceContext, orgId: number, assigneeId: number | null | undefined) {
  if (!assigneeId) return;
  if (!(await repo.isStaffWith(ctx.db, orgId, PERMISSION_OF.ticket, assigneeId))) {
    throw badRequest('support.assignee_invalid', { assignee_id: 'support.assignee_invalid' });
  }
}

export async function createThread(
  ctx: ServiceContext,
  actor: UserActor,
  kind: SupportKind,
  body: CreateBody,
): Promise<TSupportThread> {
  const orgId = body.org_id ?? actor.orgId;
  actor.scope.assertEditable(orgId);
  await assertLinks(ctx, orgId, body);
  if (kind === 'ticket') await assertAssignee(ctx, orgId, body.assignee_id);
  const id = await openThread(
    ctx,
    actor,
    {
      kind,
      orgId,
      title: body.title,
      text: body.text,
      priority: kind === 'ticket' ? body.priority : 'normal',
      customerId: body.customer_id ?? null,
      micromarketId: body.micromarket_id ?? null,
      transactionId: body.transaction_id ?? null,
      assigneeId: kind === 'ticket' ? (body.assignee_id ?? null) : null,
    },
    { audit: body, notifyText: body.text },
  );
  // Whoever opens a conversation has read it.
  await markThreadRead(ctx.db, actor.userId, id, ctx.clock.now());
  return visibleThread(ctx, actor, kind, id);
}

type NewThread = Omit<typeof supportThreads.$inferInsert, 'id' | 'createdBy' | 'createdAt' | 'updatedAt'> & {
  kind: SupportKind;
};

/**
 * Opens a conversation, whoever opens it (staff or a customer in the app): the row, its first
 * state and the audit in one transaction, then open panels hear of it and the organisation's
 * routes for new chats or tickets are told.
 */
export async function openThread(
  ctx: ServiceContext,
  actor: UserActor | CustomerActor,
  thread: NewThread,
  told: { audit: unknown; notifyText: string },
): Promise<number> {
  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    const threadId = await repo.insertThread(tx, {
      ...thread,
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    await repo.insertEvent(tx, { threadId, status: 'new', byId: actor.userId, at: now });
    await writeAudit(tx, actor, {
      action: 'create',
      entity: ENTITY_OF[thread.kind],
      entityId: threadId,
      orgId: thread.orgId,
      after: told.audit,
    });
    return threadId;
  });
  announceThread(ctx, thread.kind, { id, orgId: thread.orgId }, 'created');
  await notify(ctx, {
    orgId: thread.orgId,
    event: thread.kind === 'chat' ? 'new_chat' : 'new_ticket',
    key: `${thread.kind}:${id}`,
    subject: `${thread.kind === 'chat' ? 'New conversation' : 'New ticket'}: ${thread.title}`,
    text: told.notifyText,
  }).catch(() => 0);
  return id;
}

/** Locks a current conversation the actor may edit, for a comment or a move. */
async function editableRow(actor: UserActor, kind: SupportKind, id: number, db: ServiceContext['db']) {
  const row = await repo.lockThread(db, id);
  if (!row || row.kind !== kind || !actor.scope.canSee(row.orgId)) throw notFound();
  actor.scope.assertEditable(row.orgId);
  return row;
}

async function addComment(
  ctx: ServiceContext,
  actor: UserActor,
  kind: SupportKind,
  id: number,
  comment: { text: string; file?: { key: string; name: string; type: string } },
): Promise<TSupportThreadCard> {
  const row = await ctx.db.transaction(async (tx) => {
    const thread = await editableRow(actor, kind, id, tx);
    if (!SUPPORT_CURRENT_STATUSES.includes(thread.status)) throw conflict('support.archived');
    await repo.insertComment(tx, {
      threadId: id,
      authorKind: 'staff',
      authorId: actor.userId,
      text: comment.text,
      fileKey: comment.file?.key ?? null,
      fileName: comment.file?.name ?? null,
      fileType: comment.file?.type ?? null,
      createdAt: ctx.clock.now(),
    });
    return thread;
  });
  announceThread(ctx, kind, row, 'comment');
  return getThread(ctx, actor, kind, id);
}

export function commentThread(ctx: ServiceContext, actor: UserActor, kind: SupportKind, id: number, text: string) {
  return addComment(ctx, actor, kind, id, { text });
}

/** A comment with a file; the file is stored first and removed again if the comment is refused. */
export async function attachToThread(
  ctx: ServiceContext,
  actor: UserActor,
  kind: SupportKind,
  id: number,
  upload: Upload,
): Promise<TSupportThreadCard> {
  await visibleThread(ctx, actor, kind, id);
  const text = (upload.fields.text ?? '').trim().slice(0, 4000);
  const key = newStorageKey('support', EXTENSIONS[upload.mimeType]!);
  await ctx.storage.put(key, upload.bytes);
  try {
    return await addComment(ctx, actor, kind, id, {
      text,
      file: { key, name: upload.filename, type: upload.mimeType },
    });
  } catch (error) {
    await ctx.storage.delete(key);
    throw error;
  }
}

export async function moveThread(
  ctx: ServiceContext,
  actor: UserActor,
  kind: SupportKind,
  id: number,
  move: SupportMove,
): Promise<TSupportThread> {
  if (!SUPPORT_MOVES_OF[kind].includes(move)) throw notFound();
  const rule = SUPPORT_MOVES[move];
  const row = await ctx.db.transaction(async (tx) => {
    const thread = await editableRow(actor, kind, id, tx);
    if (!(rule.from as readonly string[]).includes(thread.status)) {
      throw conflict('support.bad_move', { status: thread.status });
    }
    const now = ctx.clock.now();
    // Taking it assigns it to the taker when nobody has it; returning it to the queue frees it.
    const assigneeId =
      move === 'take' ? (thread.assigneeId ?? actor.userId) : move === 'return' ? null : thread.assigneeId;
    await repo.updateThread(tx, id, { status: rule.to, assigneeId, updatedAt: now });
    await repo.insertEvent(tx, { threadId: id, status: rule.to, byId: actor.userId, at: now });
    await writeAudit(tx, actor, {
      action: move,
      entity: ENTITY_OF[kind],
      entityId: id,
      orgId: thread.orgId,
      before: { status: thread.status, assignee_id: thread.assigneeId },
      after: { status: rule.to, assignee_id: assigneeId },
    });
    return thread;
  });
  announceThread(ctx, kind, row, move);
  return visibleThread(ctx, actor, kind, id);
}

export async function updateTicket(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
  body: z.output<typeof ZUpdateTicket>,
): Promise<TSupportThread> {
  const row = await ctx.db.transaction(async (tx) => {
    const thread = await editableRow(actor, 'ticket', id, tx);
    if (!SUPPORT_CURRENT_STATUSES.includes(thread.status)) throw conflict('support.archived');
    await assertAssignee({ ...ctx, db: tx }, thread.orgId, body.assignee_id);
    const change = {
      ...(body.priority === undefined ? {} : { priority: body.priority }),
      ...(body.assignee_id === undefined ? {} : { assigneeId: body.assignee_id }),
    };
    await repo.updateThread(tx, id, { ...change, updatedAt: ctx.clock.now() });
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'ticket',
      entityId: id,
      orgId: thread.orgId,
      before: { priority: thread.priority, assignee_id: thread.assigneeId },
      after: body,
    });
    return thread;
  });
  announceThread(ctx, 'ticket', row, 'update');
  return visibleThread(ctx, actor, 'ticket', id);
}

function orgOf(actor: UserActor, query: PeopleQuery): number {
  if (query.org_id !== undefined) actor.scope.assertVisible(query.org_id);
  return query.org_id ?? actor.orgId;
}

export async function ticketAssignees(ctx: ServiceContext, actor: UserActor, query: PeopleQuery) {
  const items = await repo.staffWith(ctx.db, orgOf(actor, query), PERMISSION_OF.ticket, query.q);
  return { items } satisfies TSupportPersonOptions;
}

export async function supportCustomers(ctx: ServiceContext, actor: UserActor, query: PeopleQuery) {
  // A conversation or ticket may be about a blocked customer too.
  const found = await searchCustomers(ctx.db, { orgId: orgOf(actor, query), q: query.q, activeOnly: false });
  const items = found.map(({ id, name, phone }) => ({ id, name, detail: phone }));
  return { items } satisfies TSupportPersonOptions;
}

export async function supportMicromarkets(ctx: ServiceContext, actor: UserActor, query: PeopleQuery) {
  const items = await repo.searchMicromarkets(ctx.db, orgOf(actor, query), query.q);
  return { items } satisfies TSupportPersonOptions;
}
