import type { SupportKind, SupportStatus, TicketPriority, TSupportComment, TSupportThread } from '@vitrina/contract';
import { USER_KIND } from '@vitrina/contract';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  micromarkets,
  organizations,
  rolePermissions,
  supportComments,
  supportEvents,
  supportThreads,
  transactions,
  users,
} from '../../db/schema/index.js';
import { escapeLike } from '../../lib/sql.js';
import { fileUrl } from '../../lib/storage.js';
import { type StatusEvent, stateDurations } from './support-rules.js';

export type ThreadRow = typeof supportThreads.$inferSelect;
export type ThreadFilters = {
  kind: SupportKind;
  orgIds: number[] | null;
  orgId?: number | undefined;
  statuses: readonly SupportStatus[];
  q?: string | undefined;
  assigneeId?: number | undefined;
  customerId?: number | undefined;
  priority?: TicketPriority | undefined;
};

const customer = alias(users, 'customer');
const assignee = alias(users, 'assignee');
const author = alias(users, 'author');
const iso = (value: Date | null) => value?.toISOString() ?? null;

function whereOf(filters: ThreadFilters): SQL | undefined {
  const pattern = filters.q ? `%${escapeLike(filters.q)}%` : null;
  return and(
    eq(supportThreads.kind, filters.kind),
    filters.orgIds === null ? undefined : inArray(supportThreads.orgId, filters.orgIds),
    filters.orgId === undefined ? undefined : eq(supportThreads.orgId, filters.orgId),
    inArray(supportThreads.status, [...filters.statuses]),
    filters.assigneeId === undefined ? undefined : eq(supportThreads.assigneeId, filters.assigneeId),
    filters.customerId === undefined ? undefined : eq(supportThreads.customerId, filters.customerId),
    filters.priority === undefined ? undefined : eq(supportThreads.priority, filters.priority),
    pattern
      ? or(ilike(supportThreads.title, pattern), ilike(supportThreads.text, pattern), ilike(customer.name, pattern))
      : undefined,
  );
}

function rowsQuery(db: Db) {
  return db
    .select({
      thread: supportThreads,
      orgName: organizations.name,
      customerName: customer.name,
      micromarketName: micromarkets.name,
      assigneeName: assignee.name,
      authorName: author.name,
    })
    .from(supportThreads)
    .innerJoin(organizations, eq(organizations.id, supportThreads.orgId))
    .leftJoin(customer, eq(customer.id, supportThreads.customerId))
    .leftJoin(micromarkets, eq(micromarkets.id, supportThreads.micromarketId))
    .leftJoin(assignee, eq(assignee.id, supportThreads.assigneeId))
    .leftJoin(author, eq(author.id, supportThreads.createdBy));
}

type JoinedRow = Awaited<ReturnType<ReturnType<typeof rowsQuery>['execute']>>[number];

async function eventsOf(db: Db, threadIds: number[]) {
  if (threadIds.length === 0) return new Map<number, StatusEvent[]>();
  const rows = await db
    .select({ threadId: supportEvents.threadId, status: supportEvents.status, at: supportEvents.at })
    .from(supportEvents)
    .where(inArray(supportEvents.threadId, threadIds))
    .orderBy(asc(supportEvents.id));
  const byThread = new Map<number, StatusEvent[]>();
  for (const row of rows) {
    const list = byThread.get(row.threadId) ?? [];
    list.push({ status: row.status, atMs: row.at.getTime() });
    byThread.set(row.threadId, list);
  }
  return byThread;
}

function toThread(row: JoinedRow, events: StatusEvent[], nowMs: number): TSupportThread {
  const t = row.thread;
  return {
    id: t.id,
    kind: t.kind,
    org_id: t.orgId,
    org_name: row.orgName,
    title: t.title,
    text: t.text,
    status: t.status,
    priority: t.priority,
    customer_id: t.customerId,
    customer_name: row.customerName,
    micromarket_id: t.micromarketId,
    micromarket_name: row.micromarketName,
    transaction_id: t.transactionId,
    assignee_id: t.assigneeId,
    assignee_name: row.assigneeName,
    created_by_name: row.authorName,
    comments_count: t.commentsCount,
    last_comment_at: iso(t.lastCommentAt),
    state_ms: stateDurations(events, nowMs),
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}

export async function listThreads(
  db: Db,
  filters: ThreadFilters,
  page: { limit: number; offset: number },
  nowMs: number,
): Promise<TSupportThread[]> {
  const rows = await rowsQuery(db)
    .where(whereOf(filters))
    .orderBy(desc(supportThreads.updatedAt), desc(supportThreads.id))
    .limit(page.limit)
    .offset(page.offset);
  const events = await eventsOf(
    db,
    rows.map((row) => row.thread.id),
  );
  return rows.map((row) => toThread(row, events.get(row.thread.id) ?? [], nowMs));
}

export async function countThreads(db: Db, filters: ThreadFilters): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(supportThreads)
    .leftJoin(customer, eq(customer.id, supportThreads.customerId))
    .where(whereOf(filters));
  return Number(row?.total ?? 0);
}

export async function findThread(db: Db, id: number, nowMs: number): Promise<TSupportThread | null> {
  const [row] = await rowsQuery(db).where(eq(supportThreads.id, id));
  if (!row) return null;
  const events = await eventsOf(db, [id]);
  return toThread(row, events.get(id) ?? [], nowMs);
}

export async function lockThread(db: Db, id: number): Promise<ThreadRow | null> {
  const [row] = await db.select().from(supportThreads).where(eq(supportThreads.id, id)).for('update');
  return row ?? null;
}

export async function listComments(db: Db, threadId: number): Promise<TSupportComment[]> {
  const rows = await db
    .select({ comment: supportComments, authorName: author.name })
    .from(supportComments)
    .leftJoin(author, eq(author.id, supportComments.authorId))
    .where(eq(supportComments.threadId, threadId))
    .orderBy(asc(supportComments.id));
  return rows.map(({ comment, authorName }) => ({
    id: comment.id,
    author_kind: comment.authorKind,
    author_name: authorName,
    text: comment.text,
    attachment:
      comment.fileKey && comment.fileName && comment.fileType
        ? { url: fileUrl(comment.fileKey)!, name: comment.fileName, type: comment.fileType }
        : null,
    created_at: comment.createdAt.toISOString(),
  }));
}

export async function listHistory(db: Db, threadId: number) {
  const rows = await db
    .select({ status: supportEvents.status, at: supportEvents.at, byName: author.name })
    .from(supportEvents)
    .leftJoin(author, eq(author.id, supportEvents.byId))
    .where(eq(supportEvents.threadId, threadId))
    .orderBy(asc(supportEvents.id));
  return rows.map((row) => ({ status: row.status, at: row.at.toISOString(), by_name: row.byName }));
}

export async function insertThread(db: Db, values: typeof supportThreads.$inferInsert): Promise<number> {
  const [row] = await db.insert(supportThreads).values(values).returning({ id: supportThreads.id });
  return row!.id;
}

export async function updateThread(db: Db, id: number, values: Partial<typeof supportThreads.$inferInsert>) {
  await db.update(supportThreads).set(values).where(eq(supportThreads.id, id));
}

export async function insertEvent(db: Db, values: typeof supportEvents.$inferInsert) {
  await db.insert(supportEvents).values(values);
}

export async function insertComment(db: Db, values: typeof supportComments.$inferInsert) {
  await db.insert(supportComments).values(values);
  await db
    .update(supportThreads)
    .set({
      commentsCount: sql`${supportThreads.commentsCount} + 1`,
      lastCommentAt: values.createdAt,
      updatedAt: values.createdAt,
    })
    .where(eq(supportThreads.id, values.threadId));
}

/** Whether the row belongs to the organisation: a customer, a micromarket or a sale. */
export async function isCustomerOf(db: Db, orgId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.orgId, orgId), eq(users.userType, USER_KIND.client)));
  return Boolean(row);
}

export async function isMicromarketOf(db: Db, orgId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: micromarkets.id })
    .from(micromarkets)
    .where(and(eq(micromarkets.id, id), eq(micromarkets.orgId, orgId)));
  return Boolean(row);
}

/** A sale of the organisation; with `customerId`, only one of that customer's own. */
export async function isTransactionOf(db: Db, orgId: number, id: number, customerId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.id, id),
        eq(transactions.orgId, orgId),
        customerId === undefined ? undefined : eq(transactions.customerId, customerId),
      ),
    );
  return Boolean(row);
}

/** Employees of the organisation whose role holds `permission`, by name or email. */
export async function staffWith(db: Db, orgId: number, permission: string, q?: string) {
  const pattern = q ? `%${escapeLike(q)}%` : null;
  return db
    .select({ id: users.id, name: users.name, detail: users.email })
    .from(users)
    .innerJoin(
      rolePermissions,
      and(eq(rolePermissions.roleId, users.roleId), eq(rolePermissions.permission, permission)),
    )
    .where(
      and(
        eq(users.orgId, orgId),
        eq(users.userType, USER_KIND.employee),
        eq(users.active, true),
        pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
      ),
    )
    .orderBy(users.name, users.id)
    .limit(50);
}

export async function isStaffWith(db: Db, orgId: number, permission: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(
      rolePermissions,
      and(eq(rolePermissions.roleId, users.roleId), eq(rolePermissions.permission, permission)),
    )
    .where(
      and(eq(users.id, userId), eq(users.orgId, orgId), eq(users.userType, USER_KIND.employee), eq(users.active, true)),
    );
  return Boolean(row);
}

/** Micromarkets of the organisation by name or address. */
export async function searchMicromarkets(db: Db, orgId: number, q?: string) {
  const pattern = q ? `%${escapeLike(q)}%` : null;
  return db
    .select({ id: micromarkets.id, name: micromarkets.name, detail: micromarkets.address })
    .from(micromarkets)
    .where(
      and(
        eq(micromarkets.orgId, orgId),
        pattern ? or(ilike(micromarkets.name, pattern), ilike(micromarkets.address, pattern)) : undefined,
      ),
    )
    .orderBy(micromarkets.name, micromarkets.id)
    .limit(20);
}
