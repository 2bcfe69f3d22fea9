import { DEVICE_REPLAY_WINDOW } from '@vitrina/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pgArray } from '../../lib/sql.js';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const date = (value: string | Date | null | undefined) => (value ? new Date(value) : null);
const MASK = ((1n << BigInt(DEVICE_REPLAY_WINDOW)) - 1n).toString();
/** Devices per statement: bounds how many rows one statement locks at once. */
const CHUNK = 1_000;

/**
 * A device's live state on its micromarket's row, written in batches by the devices module's
 * gateway: the micromarkets and shelves tables are written by this module only (one writer
 * per table). The statements are the gateway's own; it calls them with its batches.
 */

/** The anti-replay window over (boot, seq) as stored: the devices module's `SequenceState`. */
export type SequenceState = { boot: number | null; seq: number | null; window: bigint };

/** What the gateway keeps of a micromarket between messages, as the database has it. */
export type StoredDeviceState = {
  sequence: SequenceState;
  door: 'open' | 'closed' | null;
  temperature: number | null;
  overheatSince: Date | null;
  lockedAt: Date | null;
};

type SequenceRow = { boot: number | null; seq: string | number | null; window: string | null };
const sequenceOf = (row: SequenceRow): SequenceState => ({
  boot: row.boot ?? null,
  seq: row.seq == null ? null : Number(row.seq),
  window: BigInt(row.window ?? '0'),
});

/** The stored state of each of these micromarkets, in their order (null: no such row). */
export async function loadDeviceStates(db: Db, micromarketIds: number[]): Promise<(StoredDeviceState | null)[]> {
  const result = await db.execute(sql`
    SELECT id, device_boot AS boot, device_seq AS seq, device_seq_window::text AS window, door, temperature,
      overheat_since, locked_at
    FROM micromarkets WHERE id = ANY(${pgArray(micromarketIds)}::int[])`);
  type Row = SequenceRow & {
    id: number;
    door: string | null;
    temperature: number | null;
    overheat_since: string | Date | null;
    locked_at: string | Date | null;
  };
  const byId = new Map(rowsOf<Row>(result).map((row) => [row.id, row]));
  return micromarketIds.map((id) => {
    const row = byId.get(id);
    if (!row) return null;
    return {
      sequence: sequenceOf(row),
      door: row.door === 'open' || row.door === 'closed' ? row.door : null,
      temperature: row.temperature,
      overheatSince: date(row.overheat_since),
      lockedAt: date(row.locked_at),
    };
  });
}

/** One device's changes since the last write: a field left undefined keeps the stored value. */
export type DeviceStateWrite = {
  micromarketId: number;
  /** The last message's receipt: the device is online and active then. Null: only the sequence changed. */
  activityAt: Date | null;
  temperature?: number | null | undefined;
  defrosting?: boolean | undefined;
  door?: 'open' | 'closed' | undefined;
  tilt?: number | null | undefined;
  /** Accepted (boot, seq): merged with the stored window, never replacing a newer one. */
  sequence: SequenceState | null;
};

export type DeviceStateWritten = { micromarketId: number; wasOffline: boolean; sequence: SequenceState };

/** The writes as one array per column, for `unnest`. */
function columnsOf(writes: DeviceStateWrite[]) {
  const has = (value: unknown) => value !== undefined;
  const sequenced = (write: DeviceStateWrite) =>
    write.sequence !== null && write.sequence.boot !== null && write.sequence.seq !== null ? write.sequence : null;
  return sql`unnest(
    ${pgArray(writes.map((w) => w.micromarketId))}::integer[], ${pgArray(writes.map((w) => w.activityAt))}::timestamptz[],
    ${pgArray(writes.map((w) => has(w.temperature)))}::boolean[], ${pgArray(writes.map((w) => w.temperature))}::real[],
    ${pgArray(writes.map((w) => has(w.defrosting)))}::boolean[], ${pgArray(writes.map((w) => w.defrosting))}::boolean[],
    ${pgArray(writes.map((w) => has(w.door)))}::boolean[], ${pgArray(writes.map((w) => w.door))}::text[],
    ${pgArray(writes.map((w) => has(w.tilt)))}::boolean[], ${pgArray(writes.map((w) => w.tilt))}::real[],
    ${pgArray(writes.map((w) => sequenced(w)?.boot))}::integer[], ${pgArray(writes.map((w) => sequenced(w)?.seq))}::bigint[],
    ${pgArray(writes.map((w) => sequenced(w)?.window))}::bigint[])`;
}

/**
 * The live state of many devices in one statement per chunk (columns as arrays, unnested),
 * instead of one UPDATE per message. Answers, per device, whether it was offline before (its `connected` event) and
 * the replay window as stored now. The window is merged, not overwritten: within one boot
 * the higher seq with both windows' seen bits, so another instance's accepted seqs survive.
 * Rows are locked in id order, so two instances flushing the same devices cannot deadlock,
 * and only FOR NO KEY UPDATE: the telemetry batch's foreign keys take KEY SHARE locks on the
 * same rows in any order, which FOR UPDATE would conflict with (a deadlock that cost a batch).
 */
export async function writeDeviceStates(db: Db, writes: DeviceStateWrite[]): Promise<DeviceStateWritten[]> {
  const written: DeviceStateWritten[] = [];
  const sorted = [...writes].sort((a, b) => a.micromarketId - b.micromarketId);
  for (let start = 0; start < sorted.length; start += CHUNK) {
    const chunk = sorted.slice(start, start + CHUNK);
    const ids = pgArray(chunk.map((write) => write.micromarketId));
    // hi: the merged seq within the stored boot; each window is shifted onto it.
    const sameBoot = sql`v.boot = m.device_boot AND m.device_seq IS NOT NULL`;
    const hi = sql`greatest(m.device_seq, v.seq)`;
    const aligned = (seq: SQL, window: SQL) =>
      sql`CASE WHEN ${hi} - ${seq} >= ${DEVICE_REPLAY_WINDOW} THEN 0::bigint ELSE coalesce(${window}, 0) << (${hi} - ${seq})::integer END`;
    const takesNew = sql`v.boot IS NOT NULL AND (m.device_boot IS NULL OR m.device_seq IS NULL OR v.boot > m.device_boot)`;
    const result = await db.execute(sql`
      UPDATE micromarkets m SET
        connection = CASE WHEN v.at IS NULL THEN m.connection ELSE 'online' END,
        last_activity_at = coalesce(v.at, m.last_activity_at),
        temperature = CASE WHEN v.has_temperature THEN v.temperature ELSE m.temperature END,
        defrosting = CASE WHEN v.has_defrosting THEN v.defrosting ELSE m.defrosting END,
        door = CASE WHEN v.has_door THEN v.door ELSE m.door END,
        tilt = CASE WHEN v.has_tilt THEN v.tilt ELSE m.tilt END,
        device_boot = CASE WHEN ${takesNew} THEN v.boot ELSE m.device_boot END,
        device_seq = CASE WHEN ${takesNew} THEN v.seq WHEN ${sameBoot} THEN ${hi} ELSE m.device_seq END,
        device_seq_window = CASE WHEN ${takesNew} THEN v.win
          WHEN ${sameBoot} THEN (${aligned(sql`m.device_seq`, sql`m.device_seq_window`)}
            | ${aligned(sql`v.seq`, sql`v.win`)}) & ${MASK}::bigint
          ELSE m.device_seq_window END
      FROM ${columnsOf(chunk)}
          AS v(id, at, has_temperature, temperature, has_defrosting, defrosting, has_door, door, has_tilt, tilt,
            boot, seq, win),
        (SELECT id, connection AS was FROM micromarkets WHERE id = ANY(${ids}::integer[]) ORDER BY id FOR NO KEY UPDATE) old
      WHERE m.id = v.id AND old.id = v.id
      RETURNING m.id, old.was, m.device_boot AS boot, m.device_seq AS seq, m.device_seq_window::text AS window`);
    for (const row of rowsOf<SequenceRow & { id: number; was: string }>(result)) {
      written.push({ micromarketId: row.id, wasOffline: row.was === 'offline', sequence: sequenceOf(row) });
    }
  }
  return written;
}

/** Shelf weights of many devices in one statement per chunk. */
export async function writeShelfWeights(
  db: Db,
  weights: { micromarketId: number; number: number; grams: number }[],
): Promise<void> {
  for (let start = 0; start < weights.length; start += CHUNK * 4) {
    const chunk = weights.slice(start, start + CHUNK * 4);
    await db.execute(sql`
      UPDATE shelves s SET weight_grams = v.grams
      FROM unnest(${pgArray(chunk.map((w) => w.micromarketId))}::integer[], ${pgArray(chunk.map((w) => w.number))}::smallint[],
        ${pgArray(chunk.map((w) => w.grams))}::integer[]) AS v(micromarket_id, number, grams)
      WHERE s.micromarket_id = v.micromarket_id AND s.number = v.number`);
  }
}
