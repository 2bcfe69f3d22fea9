import {
  FLEET_NOTICE_DAYS,
  FLEET_NOTICE_PERMISSIONS,
  type FleetNoticeKind,
  type TFleetNoticeList,
  type TPanelBadges,
} from '@vitrina/contract';
import { and, desc, eq, gte, inArray, max, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  fleetNoticeMarks,
  fleetNoticeReads,
  fleetNotices,
  micromarkets,
  technicalAlerts,
} from '../../db/schema/index.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { countUnreadThreads } from '../support/index.js';

const canHearBell = (actor: UserActor) => FLEET_NOTICE_PERMISSIONS.some((name) => actor.permissions.has(name));

/** Notices the actor may see: their organisations', of the last FLEET_NOTICE_DAYS days. */
function visible(actor: UserActor, now: Date): SQL | undefined {
  const ids = actor.scope.visibleIds;
  return and(
    ids === null ? undefined : inArray(fleetNotices.orgId, ids.length > 0 ? ids : [-1]),
    gte(fleetNotices.at, new Date(now.getTime() - FLEET_NOTICE_DAYS * 86_400_000)),
  );
}

/** Unread for this user: above their "all read" mark and not opened one by one. */
const unreadFor = (userId: number) => sql`${fleetNotices.id} > coalesce(
    (select ${fleetNoticeMarks.readUpTo} from ${fleetNoticeMarks} where ${fleetNoticeMarks.userId} = ${userId}), 0)
  and not exists (select 1 from ${fleetNoticeReads}
    where ${fleetNoticeReads.userId} = ${userId} and ${fleetNoticeReads.noticeId} = ${fleetNotices.id})`;

async function countUnread(db: Db, actor: UserActor, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(fleetNotices)
    .where(and(visible(actor, now), unreadFor(actor.userId)));
  return row?.count ?? 0;
}

export async function listNotices(
  ctx: ServiceContext,
  actor: UserActor,
  query: { limit?: number | undefined },
): Promise<TFleetNoticeList> {
  const now = ctx.clock.now();
  const [rows, unread] = await Promise.all([
    ctx.db
      .select({
        id: fleetNotices.id,
        orgId: fleetNotices.orgId,
        micromarketId: fleetNotices.micromarketId,
        micromarketName: micromarkets.name,
        kind: fleetNotices.kind,
        alertId: fleetNotices.alertId,
        alertType: technicalAlerts.type,
        details: fleetNotices.details,
        at: fleetNotices.at,
        isUnread: sql<boolean>`(${unreadFor(actor.userId)})`,
      })
      .from(fleetNotices)
      .innerJoin(micromarkets, eq(micromarkets.id, fleetNotices.micromarketId))
      .leftJoin(technicalAlerts, eq(technicalAlerts.id, fleetNotices.alertId))
      .where(visible(actor, now))
      .orderBy(desc(fleetNotices.id))
      .limit(query.limit ?? 20),
    countUnread(ctx.db, actor, now),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      org_id: row.orgId,
      micromarket_id: row.micromarketId,
      micromarket_name: row.micromarketName,
      kind: row.kind as FleetNoticeKind,
      alert_id: row.alertId,
      alert_type: row.alertType,
      details: row.details,
      at: row.at.toISOString(),
      is_read: !row.isUnread,
    })),
    unread,
  };
}

/** Marks one notice read; one of an organisation the actor cannot see answers 404. */
export async function readNotice(ctx: ServiceContext, actor: UserActor, id: number): Promise<void> {
  const [notice] = await ctx.db.select({ orgId: fleetNotices.orgId }).from(fleetNotices).where(eq(fleetNotices.id, id));
  if (!notice || !actor.scope.canSee(notice.orgId)) throw notFound();
  await ctx.db.insert(fleetNoticeReads).values({ userId: actor.userId, noticeId: id }).onConflictDoNothing();
}

/** Everything up to the newest notice is read; the one-by-one marks below it are no longer needed. */
export async function readAllNotices(ctx: ServiceContext, actor: UserActor): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [newest] = await tx.select({ id: max(fleetNotices.id) }).from(fleetNotices);
    const upTo = newest?.id ?? 0;
    await tx
      .insert(fleetNoticeMarks)
      .values({ userId: actor.userId, readUpTo: upTo })
      .onConflictDoUpdate({
        target: fleetNoticeMarks.userId,
        set: { readUpTo: sql`greatest(${fleetNoticeMarks.readUpTo}, excluded.read_up_to)` },
      });
    await tx
      .delete(fleetNoticeReads)
      .where(and(eq(fleetNoticeReads.userId, actor.userId), sql`${fleetNoticeReads.noticeId} <= ${upTo}`));
  });
}

/** The top bar's and the menu's counts; each one the user may not see is 0. */
export async function panelBadges(ctx: ServiceContext, actor: UserActor): Promise<TPanelBadges> {
  const orgIds = actor.scope.visibleIds;
  const [alerts, support, tickets] = await Promise.all([
    canHearBell(actor) ? countUnread(ctx.db, actor, ctx.clock.now()) : 0,
    actor.permissions.has('show_support_page')
      ? countUnreadThreads(ctx.db, { userId: actor.userId, kind: 'chat', orgIds })
      : 0,
    actor.permissions.has('show_ticket_system_page')
      ? countUnreadThreads(ctx.db, { userId: actor.userId, kind: 'ticket', orgIds })
      : 0,
  ]);
  return { alerts, support, tickets };
}

/** The bell's rows are kept this long (it shows FLEET_NOTICE_DAYS); the alerts themselves stay. */
export const FLEET_NOTICE_KEEP_DAYS = 90;
export const PRUNE_NOTICES_JOB = 'notices.prune';
