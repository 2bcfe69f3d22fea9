import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { acceptSequence, type SequenceState } from './replay.js';

type Stored = { boot: number | null; seq: number | null; window: string | null };

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

async function load(db: Db, micromarketId: number): Promise<Stored> {
  const result = await db.execute(sql`
    SELECT device_boot AS boot, device_seq AS seq, device_seq_window::text AS window
    FROM micromarkets WHERE id = ${micromarketId}`);
  const row = rowsOf<{ boot: number | null; seq: string | number | null; window: string | null }>(result)[0];
  return { boot: row?.boot ?? null, seq: row?.seq == null ? null : Number(row.seq), window: row?.window ?? null };
}

/**
 * Records (boot, seq) as seen, or answers false for a replay. The check-and-set is one
 * conditional UPDATE on the state it was computed from, so two instances handling messages
 * of one device at once cannot both accept the same seq; the loser re-reads and re-decides.
 */
export async function recordSequence(db: Db, micromarketId: number, boot: number, seq: number): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const stored = await load(db, micromarketId);
    const state: SequenceState = { boot: stored.boot, seq: stored.seq, window: BigInt(stored.window ?? '0') };
    const next = acceptSequence(state, boot, seq);
    if (!next) return false;
    const result = await db.execute(sql`
      UPDATE micromarkets SET device_boot = ${next.boot}, device_seq = ${next.seq},
        device_seq_window = ${next.window.toString()}::bigint
      WHERE id = ${micromarketId}
        AND device_boot IS NOT DISTINCT FROM ${stored.boot}::integer
        AND device_seq IS NOT DISTINCT FROM ${stored.seq}::bigint
        AND device_seq_window IS NOT DISTINCT FROM ${stored.window}::bigint
      RETURNING id`);
    if (rowsOf(result).length > 0) return true;
  }
  return false;
}
