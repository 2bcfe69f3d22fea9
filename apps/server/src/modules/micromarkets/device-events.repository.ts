import type { TDeviceEvent } from '@vitrina/contract';
import { and, desc, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deviceEvents } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { escapeLike } from '../../lib/sql.js';

function labelOf(actor: Actor | string): string | null {
  if (typeof actor === 'string') return actor;
  return actor.kind === 'user' ? actor.name : actor.kind === 'system' ? actor.label : null;
}

/**
 * One line of a micromarket's history, its only writer (services, the device gateway, jobs);
 * pass the transaction that made the change. `actor` may be a bare label for a caller without
 * an account (a public link).
 */
export async function recordEvent(
  db: Db,
  actor: Actor | string,
  micromarketId: number,
  kind: string,
  details: Record<string, unknown> = {},
  /** When it happened, if not now (a device reading's time). */
  at?: Date,
): Promise<void> {
  await recordEvents(db, [{ actor, micromarketId, kind, details, at }]);
}

/** One line of history to write with others (`recordEvents`). */
export type DeviceEventWrite = {
  actor: Actor | string;
  micromarketId: number;
  kind: string;
  details: Record<string, unknown>;
  /** When it happened; the database's now when left out. */
  at?: Date | undefined;
};

/** Many lines of history in one statement (the device gateway's events, gathered by a BatchWriter). */
export async function recordEvents(db: Db, events: readonly DeviceEventWrite[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(deviceEvents).values(
    events.map((event) => ({
      micromarketId: event.micromarketId,
      kind: event.kind,
      details: event.details,
      ...(event.at ? { at: event.at } : {}),
      actorId: typeof event.actor !== 'string' && event.actor.kind === 'user' ? event.actor.userId : null,
      actorLabel: labelOf(event.actor),
    })),
  );
}

/**
 * A device's report of a state it keeps (its camera connected or not) as a line of history,
 * written now, outside the gathered batches, so a report acknowledged is a report stored. The
 * line carries the message's `boot` and `seq`, and is not written when this report or a later
 * one of the same kind is stored already: a re-delivery after a crash writes nothing twice, and
 * behind RabbitMQ, where two server instances may handle a device's messages out of
 * order, the newest line stays the device's latest word.
 * Answers whether it was written.
 */
export async function recordDeviceReport(
  db: Db,
  event: DeviceEventWrite & { at: Date },
  order: { boot: number; seq: number },
): Promise<boolean> {
  const details = { ...event.details, boot: order.boot, seq: order.seq };
  const result = await db.execute(sql`
    INSERT INTO device_events (micromarket_id, kind, details, at, actor_label)
    SELECT ${event.micromarketId}, ${event.kind}, ${JSON.stringify(details)}::jsonb,
      ${event.at.toISOString()}::timestamptz, ${labelOf(event.actor)}
    WHERE NOT EXISTS (
      SELECT 1 FROM device_events
      WHERE micromarket_id = ${event.micromarketId} AND kind = ${event.kind}
        AND (coalesce((details->>'boot')::bigint, -1), coalesce((details->>'seq')::bigint, -1))
          >= (${order.boot}::bigint, ${order.seq}::bigint)
    )
    RETURNING id`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

const DAY_MS = 24 * 3600 * 1000;
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

export type EventFilters = {
  kind?: string | undefined;
  /** Days (YYYY-MM-DD, UTC), both inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  /** Part of who acted or of the details, any case. */
  q?: string | undefined;
};

function whereOfEvents(micromarketId: number, filters: EventFilters) {
  const pattern = filters.q ? `%${escapeLike(filters.q)}%` : undefined;
  return and(
    eq(deviceEvents.micromarketId, micromarketId),
    filters.kind ? eq(deviceEvents.kind, filters.kind) : undefined,
    filters.from ? gte(deviceEvents.at, dayStart(filters.from)) : undefined,
    filters.to ? lt(deviceEvents.at, new Date(dayStart(filters.to).getTime() + DAY_MS)) : undefined,
    pattern
      ? or(ilike(deviceEvents.actorLabel, pattern), ilike(sql`${deviceEvents.details}::text`, pattern))
      : undefined,
  );
}

/** Newest first: ids grow with time, and the (micromarket, id) index serves the order. */
export async function listEvents(
  db: Db,
  micromarketId: number,
  options: EventFilters & { limit: number; offset: number },
): Promise<{ items: TDeviceEvent[]; total: number }> {
  const where = whereOfEvents(micromarketId, options);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(deviceEvents)
      .where(where)
      .orderBy(desc(deviceEvents.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(deviceEvents).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      kind: row.kind,
      details: (row.details ?? {}) as Record<string, unknown>,
      actor_label: row.actorLabel,
    })),
    total: count?.total ?? 0,
  };
}
