import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { preparedSql } from '../db/prepared.js';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const iso = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/**
 * Grams a closed session's taken tags and detections account for, from the products'
 * weights (a product without a weight counts nothing, so it cannot raise a weight alert).
 * The sensors see the same items: a product counts as many times as the sensor that saw
 * most of it, never the tags' count plus the detections'.
 */
export async function explainedGrams(
  db: Db,
  session: {
    orgId: number;
    codes: string[];
    detections: { product_id: number; quantity: number; source: 'weight' | 'camera' }[];
  },
): Promise<number> {
  const seen = new Map<number, number>();
  const see = (counts: Map<number, number>) => {
    for (const [productId, quantity] of counts) seen.set(productId, Math.max(seen.get(productId) ?? 0, quantity));
  };
  if (session.codes.length > 0) {
    const result = await db.execute(sql`
      SELECT product_id AS "productId", count(*)::int AS quantity FROM tags
      WHERE org_id = ${session.orgId} AND code IN (${sql.join(
        session.codes.map((code) => sql`${code}`),
        sql`, `,
      )}) GROUP BY product_id`);
    see(
      new Map(
        rowsOf<{ productId: number; quantity: number }>(result).map((row) => [Number(row.productId), row.quantity]),
      ),
    );
  }
  for (const source of ['weight', 'camera'] as const) {
    const counts = new Map<number, number>();
    for (const detection of session.detections.filter((d) => d.source === source))
      counts.set(detection.product_id, (counts.get(detection.product_id) ?? 0) + detection.quantity);
    see(counts);
  }
  if (seen.size === 0) return 0;
  const result = await db.execute(sql`
    SELECT id, coalesce(weight_g, 0)::int AS grams FROM products
    WHERE org_id = ${session.orgId} AND id IN (${sql.join(
      [...seen.keys()].map((id) => sql`${id}`),
      sql`, `,
    )})`);
  let grams = 0;
  for (const row of rowsOf<{ id: number; grams: number }>(result)) grams += row.grams * (seen.get(Number(row.id)) ?? 0);
  return grams;
}

/** The scan itself, kept as the micromarket's last inventory: how many tags of each product it saw. */
export async function recordInventory(
  db: Db,
  scan: { micromarketId: number; orgId: number; codes: string[]; at: Date },
) {
  const codes =
    scan.codes.length === 0
      ? sql`NULL`
      : sql.join(
          scan.codes.map((code) => sql`${code}`),
          sql`, `,
        );
  await db.execute(sql`
    INSERT INTO micromarket_inventory (micromarket_id, scanned_at, counts)
    SELECT ${scan.micromarketId}, ${iso(scan.at)}, coalesce(jsonb_object_agg(product_id::text, n), '{}'::jsonb)
    FROM (SELECT product_id, count(*)::int AS n FROM tags WHERE code IN (${codes}) AND org_id = ${scan.orgId} GROUP BY product_id) c
    ON CONFLICT (micromarket_id) DO UPDATE SET scanned_at = excluded.scanned_at, counts = excluded.counts
    WHERE micromarket_inventory.scanned_at <= excluded.scanned_at`);
}

export type DoorSessionWrite = {
  id: string;
  micromarketId: number;
  kind: 'customer' | 'courier' | 'service';
  commandId: string | null;
  openedAt: Date;
  closedAt: Date | null;
  takenTags: string[];
  detections: unknown[];
  weightsBefore: (number | null)[] | null;
  weightsAfter: (number | null)[] | null;
};

/**
 * Stores a session once by the device's id: `opened` inserts it, `closed` completes it.
 * Answers whether this message changed anything (false: a re-send, or another micromarket's id),
 * and, when it did, the micromarket's settings as they are now (what the sale follows) and
 * whether its organisation is active (a deactivated one sells nothing), read in the same statement.
 */
// Every door open and close writes it: built once (prepared.ts), lists as array parameters.
const doorSessionUpsert = preparedSql<{
  id: string;
  micromarketId: number;
  kind: string;
  commandId: string | null;
  openedAt: string;
  closedAt: string | null;
  takenTags: string[];
  detections: string;
  weightsBefore: (number | null)[] | null;
  weightsAfter: (number | null)[] | null;
}>(sql`
  INSERT INTO door_sessions AS d (id, micromarket_id, kind, command_id, opened_at, closed_at, taken_tags, detections,
    weights_before, weights_after)
  VALUES (${sql.placeholder('id')}::uuid, ${sql.placeholder('micromarketId')}::integer, ${sql.placeholder('kind')},
    (SELECT id FROM device_commands WHERE id = ${sql.placeholder('commandId')}::uuid
      AND micromarket_id = ${sql.placeholder('micromarketId')}::integer),
    ${sql.placeholder('openedAt')}::timestamptz, ${sql.placeholder('closedAt')}::timestamptz,
    ${sql.placeholder('takenTags')}::text[], ${sql.placeholder('detections')}::jsonb,
    ${sql.placeholder('weightsBefore')}::integer[], ${sql.placeholder('weightsAfter')}::integer[])
  ON CONFLICT (id) DO UPDATE SET closed_at = excluded.closed_at, taken_tags = excluded.taken_tags,
    detections = excluded.detections, weights_before = coalesce(excluded.weights_before, d.weights_before),
    weights_after = excluded.weights_after
  WHERE d.micromarket_id = excluded.micromarket_id AND d.closed_at IS NULL AND excluded.closed_at IS NOT NULL
  RETURNING (xmax = 0) AS inserted, (SELECT settings FROM micromarkets WHERE id = d.micromarket_id) AS settings,
    (SELECT o.active FROM micromarkets m JOIN organizations o ON o.id = m.org_id
      WHERE m.id = d.micromarket_id) AS org_active`);

export async function upsertDoorSession(
  db: Db,
  session: DoorSessionWrite,
): Promise<{ isNew: boolean; closed: boolean; settings: unknown; isOrgActive: boolean }> {
  const result = await doorSessionUpsert(db, {
    id: session.id,
    micromarketId: session.micromarketId,
    kind: session.kind,
    commandId: session.commandId,
    openedAt: session.openedAt.toISOString(),
    closedAt: session.closedAt?.toISOString() ?? null,
    takenTags: session.takenTags,
    detections: JSON.stringify(session.detections),
    weightsBefore: session.weightsBefore,
    weightsAfter: session.weightsAfter,
  });
  const row = rowsOf<{ inserted: boolean; settings: unknown; org_active: boolean }>(result)[0];
  if (!row) return { isNew: false, closed: false, settings: null, isOrgActive: false };
  return {
    isNew: row.inserted,
    closed: session.closedAt !== null,
    settings: row.settings,
    isOrgActive: row.org_active === true,
  };
}

/**
 * Whether a door session has a sale already: one opened, or bought on the web, before its
 * organisation was deactivated is finished as usual, since the customer may have taken goods.
 */
export async function hasSaleOfSession(
  db: Db,
  session: { id: string; commandId: string | null; micromarketId: number },
): Promise<boolean> {
  const byCommand = session.commandId
    ? sql` OR (command_id = ${session.commandId}::uuid AND micromarket_id = ${session.micromarketId})`
    : sql``;
  const result = await db.execute(
    sql`SELECT 1 FROM transactions WHERE door_session_id = ${session.id}::uuid${byCommand} LIMIT 1`,
  );
  return rowsOf(result).length > 0;
}
