import type { TCourierStopSummary, TCourierVisit, TLoadResult, ZLoadTags, ZTakeOutTags } from '@vitrina/contract';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { doorSessions, micromarkets, tags } from '../../db/schema/index.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { rowsOf } from '../../lib/sql.js';
import { writeAudit } from '../audit/index.js';
import { computePlan } from '../planning/index.js';
import { applyTagAction, loadTagsInto } from '../tags/index.js';

/** A micromarket the courier may work at: visible (404) and of an organisation they edit (403). */
async function stopOf(ctx: ServiceContext, actor: UserActor, id: number) {
  const [row] = await ctx.db
    .select({
      id: micromarkets.id,
      orgId: micromarkets.orgId,
      name: micromarkets.name,
      address: micromarkets.address,
      door: micromarkets.door,
    })
    .from(micromarkets)
    .where(eq(micromarkets.id, id));
  if (!row || !actor.scope.canSee(row.orgId)) throw notFound();
  actor.scope.assertEditable(row.orgId);
  return row;
}

/**
 * The stop's lines to bring and take out, what the day's moves (UTC day) loaded, removed and
 * wrote off there, and its latest service visit of the day with what it put in and took out.
 */
export async function stopSummary(ctx: ServiceContext, actor: UserActor, id: number): Promise<TCourierStopSummary> {
  const stop = await stopOf(ctx, actor, id);
  const now = ctx.clock.now();
  const dayStart = `${now.toISOString().slice(0, 10)}T00:00:00.000Z`;
  const [{ markets }, result, lastVisit] = await Promise.all([
    computePlan(ctx.db, { visibleIds: [stop.orgId], micromarketId: id }, { now, windowDays: 28, visitHours: 24 }),
    ctx.db.execute(sql`
      SELECT
        count(*) FILTER (WHERE to_micromarket_id = ${id} AND to_status = 'in_micromarket'
          AND from_status IS DISTINCT FROM 'in_micromarket')::int AS loaded,
        count(*) FILTER (WHERE from_micromarket_id = ${id} AND from_status = 'in_micromarket' AND to_status = 'removed')::int AS removed,
        count(*) FILTER (WHERE from_micromarket_id = ${id} AND from_status = 'in_micromarket' AND to_status = 'written_off')::int AS written_off
      FROM tag_moves
      WHERE (to_micromarket_id = ${id} OR from_micromarket_id = ${id}) AND at >= ${dayStart}::timestamptz`),
    latestVisit(ctx, id, dayStart),
  ]);
  const [today] = rowsOf<{ loaded: number; removed: number; written_off: number }>(result);
  return {
    micromarket_id: id,
    name: stop.name,
    address: stop.address,
    door: stop.door,
    lines: (markets[0]?.lines ?? []).filter((line) => line.bring > 0 || line.expiring > 0),
    loaded_today: today?.loaded ?? 0,
    removed_today: today?.removed ?? 0,
    written_off_today: today?.written_off ?? 0,
    last_visit: lastVisit,
  };
}

/**
 * The day's latest courier or service door session at the micromarket, and per product what
 * came in (the reader places fresh tags once the door closes) and went out (taken in the
 * session, or written off or removed at the stop) since its door opened.
 */
async function latestVisit(ctx: ServiceContext, id: number, dayStart: string): Promise<TCourierVisit | null> {
  const [visit] = await ctx.db
    .select({ openedAt: doorSessions.openedAt, closedAt: doorSessions.closedAt })
    .from(doorSessions)
    .where(
      and(
        eq(doorSessions.micromarketId, id),
        inArray(doorSessions.kind, ['courier', 'service']),
        gte(doorSessions.openedAt, new Date(dayStart)),
      ),
    )
    .orderBy(desc(doorSessions.openedAt))
    .limit(1);
  if (!visit) return null;
  const moved = rowsOf<{ direction: 'in' | 'out'; product_id: number; product_name: string; count: number }>(
    await ctx.db.execute(sql`
      SELECT CASE WHEN m.to_micromarket_id = ${id} AND m.to_status = 'in_micromarket' THEN 'in' ELSE 'out' END AS direction,
        m.product_id, p.name AS product_name, count(*)::int AS count
      FROM tag_moves m JOIN products p ON p.id = m.product_id
      WHERE m.at >= ${visit.openedAt.toISOString()}::timestamptz AND (
        (m.to_micromarket_id = ${id} AND m.to_status = 'in_micromarket' AND m.from_status IS DISTINCT FROM 'in_micromarket')
        OR (m.from_micromarket_id = ${id} AND m.from_status = 'in_micromarket' AND m.to_status IN ('removed', 'written_off')))
      GROUP BY 1, 2, 3
      ORDER BY 4 DESC, 3`),
  );
  const linesOf = (direction: 'in' | 'out') =>
    moved
      .filter((row) => row.direction === direction)
      .map((row) => ({ product_id: row.product_id, product_name: row.product_name, count: row.count }));
  return {
    opened_at: visit.openedAt.toISOString(),
    closed_at: visit.closedAt ? visit.closedAt.toISOString() : null,
    put_in: linesOf('in'),
    taken_out: linesOf('out'),
  };
}

/**
 * Loads scanned tags into the micromarket: the organisation's tags in storage (new) become
 * `in_micromarket` there, in one statement; codes that cannot (unknown, not in storage,
 * another organisation's) are answered back for the courier to check, and the rest load.
 */
export async function loadTags(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
  body: z.output<typeof ZLoadTags>,
): Promise<TLoadResult> {
  const stop = await stopOf(ctx, actor, id);
  const codes = [...new Set(body.codes)];
  const now = ctx.clock.now();
  const loaded = await ctx.db.transaction(async (tx) => {
    const rows = await loadTagsInto(tx, { micromarketId: id, orgId: stop.orgId, codes, at: now });
    if (rows.length > 0) {
      await writeAudit(tx, actor, {
        action: 'courier_load',
        entity: 'micromarket',
        entityId: id,
        orgId: stop.orgId,
        after: { codes: rows.map((row) => row.code) },
      });
    }
    return new Set(rows.map((row) => row.code));
  });
  return { loaded: loaded.size, refused: codes.filter((code) => !loaded.has(code)) };
}

/** Writes off or removes scanned tags that are inside this micromarket, all or none (409 naming the others). */
export async function takeOutTags(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
  body: z.output<typeof ZTakeOutTags>,
): Promise<{ updated: number }> {
  await stopOf(ctx, actor, id);
  const codes = [...new Set(body.codes)];
  const inside = await ctx.db
    .select({ id: tags.id, code: tags.code })
    .from(tags)
    .where(and(inArray(tags.code, codes), eq(tags.micromarketId, id), eq(tags.status, 'in_micromarket')));
  const found = new Set(inside.map((row) => row.code));
  const missing = codes.filter((code) => !found.has(code));
  if (missing.length > 0) throw conflict('courier.not_inside', { codes: missing.slice(0, 10).join(', ') });
  return applyTagAction(ctx, actor, body.action, { ids: inside.map((row) => row.id), reason: body.reason });
}
