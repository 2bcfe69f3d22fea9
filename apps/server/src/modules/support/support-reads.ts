import { SUPPORT_CURRENT_STATUSES, type SupportKind } from '@vitrina/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { supportReads, supportThreads } from '../../db/schema/index.js';

/** The user has read the conversation up to now (opening it, or answering in it). */
export async function markThreadRead(db: Db, userId: number, threadId: number, at: Date): Promise<void> {
  await db
    .insert(supportReads)
    .values({ userId, threadId, readAt: at })
    .onConflictDoUpdate({
      target: [supportReads.userId, supportReads.threadId],
      set: { readAt: sql`greatest(${supportReads.readAt}, excluded.read_at)` },
    });
}

/**
 * Current conversations of this kind in the organisations the user sees (null: all) with
 * something the user has not read: never opened, or a comment since they last did.
 */
export async function countUnreadThreads(
  db: Db,
  options: { userId: number; kind: SupportKind; orgIds: number[] | null },
): Promise<number> {
  if (options.orgIds?.length === 0) return 0;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(supportThreads)
    .leftJoin(supportReads, and(eq(supportReads.threadId, supportThreads.id), eq(supportReads.userId, options.userId)))
    .where(
      and(
        eq(supportThreads.kind, options.kind),
        inArray(supportThreads.status, [...SUPPORT_CURRENT_STATUSES]),
        options.orgIds === null ? undefined : inArray(supportThreads.orgId, options.orgIds),
        sql`(${supportReads.readAt} IS NULL OR ${supportReads.readAt} < coalesce(${supportThreads.lastCommentAt}, ${supportThreads.createdAt}))`,
      ),
    );
  return row?.count ?? 0;
}
