import { DEFAULT_FLEET_THRESHOLDS, DOOR_OPEN_TIMEOUT_MAX_S } from '@vitrina/contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deviceCommands, micromarkets } from '../../db/schema/index.js';
import { pgArray } from '../../lib/sql.js';

export type CommandRow = typeof deviceCommands.$inferSelect;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The error of an open-door command whose door was unlocked but not opened in time. */
export const DOOR_NOT_OPENED = 'door_not_opened';

const iso = (at: Date) => sql`${at.toISOString()}::timestamptz`;

export async function insertCommand(db: Db, values: typeof deviceCommands.$inferInsert): Promise<CommandRow> {
  const [row] = await db.insert(deviceCommands).values(values).returning();
  return row!;
}

export async function listCommands(db: Db, micromarketId: number, page: { limit: number; offset: number }) {
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.micromarketId, micromarketId))
      .orderBy(desc(deviceCommands.createdAt), desc(deviceCommands.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(deviceCommands).where(eq(deviceCommands.micromarketId, micromarketId)),
  ]);
  return { items, total: total?.total ?? 0 };
}

/** An open-door command still on its way (queued or sent, not yet expired). */
export async function hasPendingOpenDoor(db: Db, micromarketId: number, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: deviceCommands.id })
    .from(deviceCommands)
    .where(
      and(
        eq(deviceCommands.micromarketId, micromarketId),
        eq(deviceCommands.type, 'open_door'),
        inArray(deviceCommands.status, ['queued', 'sent']),
        sql`${deviceCommands.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export type ClaimedCommand = {
  id: string;
  serial: string;
  type: string;
  payload: Record<string, unknown>;
  created_at: string | Date;
  expires_at: string | Date;
};

/**
 * Takes commands for sending, marking them sent in the same statement: whichever instance's
 * UPDATE wins a row publishes it, so two instances never send the same command at once.
 * `resendBefore`: a command already sent counts only if its last send is older than this.
 */
export async function claimForSending(
  db: Db,
  filter: { now: Date; resendBefore: Date; micromarketIds?: number[]; commandId?: string; onlineOnly: boolean },
): Promise<ClaimedCommand[]> {
  const result = await db.execute(sql`
    UPDATE device_commands c SET status = 'sent', sent_at = ${iso(filter.now)}, attempts = c.attempts + 1
    FROM micromarkets m
    WHERE m.id = c.micromarket_id
      AND c.status IN ('queued', 'sent') AND c.expires_at > ${iso(filter.now)}
      AND (c.sent_at IS NULL OR c.sent_at <= ${iso(filter.resendBefore)})
      ${filter.micromarketIds === undefined ? sql`` : sql`AND c.micromarket_id = ANY(${pgArray(filter.micromarketIds)}::int[])`}
      ${filter.commandId === undefined ? sql`` : sql`AND c.id = ${filter.commandId}::uuid`}
      ${filter.onlineOnly ? sql`AND m.connection = 'online'` : sql``}
    RETURNING c.id, m.serial_number AS serial, c.type, c.payload, c.created_at, c.expires_at`);
  return rowsOf<ClaimedCommand>(result).map((row) => ({
    ...row,
    payload: (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Record<string, unknown>,
  }));
}

/** Commands past their lifetime without an answer. */
export async function expireCommands(
  db: Db,
  now: Date,
): Promise<{ id: string; micromarket_id: number; org_id: number; type: string }[]> {
  const result = await db.execute(sql`
    UPDATE device_commands c SET status = 'expired', finished_at = ${iso(now)}
    FROM micromarkets m
    WHERE m.id = c.micromarket_id AND c.status IN ('queued', 'sent') AND c.expires_at <= ${iso(now)}
    RETURNING c.id, c.micromarket_id, m.org_id, c.type`);
  return rowsOf(result);
}

/**
 * Open-door commands the device carried out (the door unlocked) whose door was not opened
 * within the organisation's door-open timeout: no door session names them. They fail now,
 * once (`door_not_opened`), so a web sale waiting on one lets its hold go and an alert is
 * raised for each. Only the last ten minutes of acknowledgements are looked at.
 */
export async function failUnopenedDoors(
  db: Db,
  now: Date,
): Promise<{ id: string; micromarket_id: number; org_id: number; type: string }[]> {
  const result = await db.execute(sql`
    UPDATE device_commands c SET status = 'failed', error = ${DOOR_NOT_OPENED}
    FROM micromarkets m LEFT JOIN fleet_thresholds f ON f.org_id = m.org_id
    WHERE m.id = c.micromarket_id AND c.type = 'open_door' AND c.status = 'acknowledged'
      AND c.finished_at > ${iso(now)} - make_interval(secs => ${DOOR_OPEN_TIMEOUT_MAX_S + 60})
      AND c.finished_at <= ${iso(now)} - make_interval(secs => coalesce(f.door_open_timeout_seconds, ${DEFAULT_FLEET_THRESHOLDS.door_open_timeout_seconds}))
      AND NOT EXISTS (SELECT 1 FROM door_sessions s WHERE s.command_id = c.id)
    RETURNING c.id, c.micromarket_id, m.org_id, c.type`);
  return rowsOf(result);
}

/** The device's answer, once; a late answer to an expired or finished command changes nothing. */
export async function finishCommand(
  db: Db,
  answer: {
    id: string;
    micromarketId: number;
    status: 'acknowledged' | 'failed';
    result: Record<string, unknown> | null;
    error: string | null;
    at: Date;
  },
): Promise<{ type: string; payload: Record<string, unknown> } | null> {
  const [row] = await db
    .update(deviceCommands)
    .set({ status: answer.status, result: answer.result, error: answer.error, finishedAt: answer.at })
    .where(
      and(
        eq(deviceCommands.id, answer.id),
        eq(deviceCommands.micromarketId, answer.micromarketId),
        inArray(deviceCommands.status, ['queued', 'sent']),
      ),
    )
    .returning({ type: deviceCommands.type, payload: deviceCommands.payload });
  return row ? { type: row.type, payload: row.payload as Record<string, unknown> } : null;
}

export async function findMicromarketForCommand(db: Db, id: number) {
  const [row] = await db
    .select({
      id: micromarkets.id,
      orgId: micromarkets.orgId,
      door: micromarkets.door,
      lockedAt: micromarkets.lockedAt,
      connection: micromarkets.connection,
    })
    .from(micromarkets)
    .where(eq(micromarkets.id, id))
    .limit(1);
  return row ?? null;
}
