import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { micromarkets, priceTags, shelves } from '../../db/schema/index.js';
import { pgArray } from '../../lib/sql.js';

/**
 * What the fleet's devices and their alerts change on a micromarket's row and its parts
 * (connection, lock, tilt, labels, shelf calibration, planogram labels): the micromarkets,
 * shelves and price tags tables are written by this module only (one writer per table).
 * Each statement is the one its caller ran before, in the caller's transaction.
 */

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const iso = (at: Date) => sql`${at.toISOString()}::timestamptz`;

export type DeviceIdentity = {
  ip?: string | undefined;
  mac?: string | undefined;
  firmware?: string | undefined;
  platform?: string | undefined;
};

export type OnlineUpdate = {
  micromarketId: number;
  at: Date;
  identity: DeviceIdentity;
  session?: { boot: number; seq: number } | undefined;
};

/**
 * Online with each device's identity, in one statement for many devices (the hellos of one
 * round trip); answers, in their order, whether each was offline before. The rows are locked
 * in id order and FOR NO KEY UPDATE, as the live-state flush locks them (writeDeviceStates), so
 * writers never wait on each other in a cycle. One micromarket appears at most once (a
 * device's messages are handled one at a time).
 */
export async function markOnline(db: Db, updates: OnlineUpdate[]): Promise<boolean[]> {
  if (updates.length === 0) return [];
  const column = <T>(pick: (update: OnlineUpdate) => T) => pgArray(updates.map(pick) as never[]);
  const result = await db.execute(sql`
    UPDATE micromarkets m SET connection = 'online', last_activity_at = v.at,
      ip = coalesce(v.ip, m.ip), mac_address = coalesce(v.mac, m.mac_address),
      firmware = coalesce(v.firmware, m.firmware), platform = coalesce(v.platform, m.platform),
      session_boot = coalesce(v.boot, m.session_boot), session_seq = coalesce(v.seq, m.session_seq)
    FROM (SELECT id, connection AS was FROM micromarkets
          WHERE id = ANY(${column((u) => u.micromarketId)}::int[]) ORDER BY id FOR NO KEY UPDATE) old,
      unnest(${column((u) => u.micromarketId)}::int[], ${column((u) => u.at)}::timestamptz[],
        ${column((u) => u.identity.ip ?? null)}::text[], ${column((u) => u.identity.mac ?? null)}::text[],
        ${column((u) => u.identity.firmware ?? null)}::text[], ${column((u) => u.identity.platform ?? null)}::text[],
        ${column((u) => u.session?.boot ?? null)}::integer[], ${column((u) => u.session?.seq ?? null)}::bigint[])
        AS v(id, at, ip, mac, firmware, platform, boot, seq)
    WHERE m.id = old.id AND v.id = old.id
    RETURNING m.id, old.was`);
  const was = new Map(rowsOf<{ id: number; was: string }>(result).map((row) => [row.id, row.was]));
  return updates.map((update) => was.get(update.micromarketId) === 'offline');
}

/** Offline, but only by the will of the connection that is current (see device-protocol.md §4). */
export async function markOfflineBySession(
  db: Db,
  update: { micromarketId: number; boot: number; seq: number },
): Promise<'offline' | 'already' | 'stale'> {
  const result = await db.execute(sql`
    SELECT connection, session_boot, session_seq FROM micromarkets WHERE id = ${update.micromarketId}`);
  const row = rowsOf<{ connection: string; session_boot: number | null; session_seq: string | number | null }>(
    result,
  )[0];
  if (!row || row.session_boot !== update.boot || Number(row.session_seq) !== update.seq) return 'stale';
  const changed = await db.execute(sql`
    UPDATE micromarkets SET connection = 'offline'
    WHERE id = ${update.micromarketId} AND connection = 'online'
      AND session_boot = ${update.boot} AND session_seq = ${update.seq}
    RETURNING id`);
  return rowsOf(changed).length > 0 ? 'offline' : 'already';
}

/** Devices silent for too long: offline, answering which changed (for their events). */
export async function markSilentOffline(
  db: Db,
  silentSince: Date,
): Promise<{ id: number; orgId: number; serial: string; lastActivityAt: string | null }[]> {
  const result = await db.execute(sql`
    UPDATE micromarkets SET connection = 'offline'
    WHERE connection = 'online' AND (last_activity_at IS NULL OR last_activity_at < ${iso(silentSince)})
    RETURNING id, org_id AS "orgId", serial_number AS serial, to_json(last_activity_at) #>> '{}' AS "lastActivityAt"`);
  return rowsOf(result);
}

/** The food-safety rule's state: the excursion's start and, when it locks, the lock. */
export async function setLockState(
  db: Db,
  id: number,
  state: Pick<typeof micromarkets.$inferInsert, 'overheatSince' | 'lockedAt' | 'lockReason'>,
): Promise<void> {
  await db.update(micromarkets).set(state).where(eq(micromarkets.id, id));
}

/** The tilt an accelerometer check measured. */
export async function setTilt(db: Db, id: number, tilt: number): Promise<void> {
  await db.update(micromarkets).set({ tilt }).where(eq(micromarkets.id, id));
}

/** A label shows the price its update command sent it. */
export async function markPriceTagShown(
  db: Db,
  shown: { micromarketId: number; labelCode: string; priceMinor: number | null; at: Date },
): Promise<void> {
  await db
    .update(priceTags)
    .set({ shownPriceMinor: shown.priceMinor, syncedAt: shown.at })
    .where(and(eq(priceTags.micromarketId, shown.micromarketId), eq(priceTags.labelCode, shown.labelCode)));
}

/** A shelf's calibration, as its calibrate command answered. */
export async function setShelfCalibration(
  db: Db,
  calibration: { micromarketId: number; number: number; grams: number; at: Date },
): Promise<void> {
  await db
    .update(shelves)
    .set({ calibratedWeightGrams: calibration.grams, calibratedAt: calibration.at })
    .where(and(eq(shelves.micromarketId, calibration.micromarketId), eq(shelves.number, calibration.number)));
}

/** A label points at the product a planogram's section puts in front of it. */
export async function pointPriceTagAt(db: Db, labelId: number, productId: number): Promise<void> {
  await db.update(priceTags).set({ productId }).where(eq(priceTags.id, labelId));
}
