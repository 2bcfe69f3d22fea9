import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tags, transactionProducts } from '../../db/schema/index.js';

/**
 * A tag's way through the fleet as other modules see it happen: loaded by a courier, seen or
 * taken by a fridge's reader, sold with a sale. The tags table is written by this module only
 * (one writer per table); each statement is the one its caller ran before, in its transaction.
 */

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const iso = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** A courier's scanned tags in storage (new) load into the micromarket; answers the codes loaded. */
export async function loadTagsInto(
  db: Db,
  load: { micromarketId: number; orgId: number; codes: string[]; at: Date },
): Promise<{ code: string }[]> {
  return db
    .update(tags)
    .set({ status: 'in_micromarket', micromarketId: load.micromarketId, updatedAt: load.at })
    .where(and(inArray(tags.code, load.codes), eq(tags.orgId, load.orgId), eq(tags.status, 'new')))
    .returning({ code: tags.code });
}

/** Tags the reader sees: this organisation's new stock (or stock moved here) is now in this micromarket. */
export async function placeTags(db: Db, place: { micromarketId: number; orgId: number; codes: string[]; at: Date }) {
  if (place.codes.length === 0) return 0;
  const result = await db.execute(sql`
    UPDATE tags SET status = 'in_micromarket', micromarket_id = ${place.micromarketId}, updated_at = ${iso(place.at)}
    WHERE code IN (${sql.join(
      place.codes.map((code) => sql`${code}`),
      sql`, `,
    )})
      AND org_id = ${place.orgId} AND status IN ('new', 'in_micromarket')
      AND micromarket_id IS DISTINCT FROM ${place.micromarketId}
    RETURNING id`);
  return rowsOf(result).length;
}

/**
 * Tags taken in a closed door session leave the stock of this micromarket: a customer's
 * become not paid until the sale settles (docs/decisions/030-sales-door-sessions-become-transactions.md), a courier's or service's removed.
 */
export async function takeTags(
  db: Db,
  take: { micromarketId: number; orgId: number; codes: string[]; kind: string; at: Date },
): Promise<number> {
  if (take.codes.length === 0) return 0;
  const codes = sql.join(
    take.codes.map((code) => sql`${code}`),
    sql`, `,
  );
  const isCustomer = take.kind === 'customer';
  const result = await db.execute(sql`
    UPDATE tags SET status = ${isCustomer ? 'not_paid' : 'removed'},
      removed_at = CASE WHEN ${isCustomer} THEN removed_at ELSE ${iso(take.at)} END,
      updated_at = ${iso(take.at)}
    WHERE code IN (${codes}) AND org_id = ${take.orgId} AND micromarket_id = ${take.micromarketId}
      AND status = 'in_micromarket'
    RETURNING id`);
  return rowsOf(result).length;
}

/** A paid sale's tags are sold; until then a customer's taken tags wait as not paid. */
export async function markTagsSold(db: Db, orgId: number, codes: string[], at: Date): Promise<void> {
  if (codes.length === 0) return;
  await db
    .update(tags)
    .set({ status: 'sold', soldAt: at, updatedAt: at })
    .where(and(eq(tags.orgId, orgId), inArray(tags.code, codes), eq(tags.status, 'not_paid')));
}

/**
 * A paid sale's tags are sold: the tags its lines name, in one statement (what
 * `markTagsSold` does with the codes in hand).
 */
export async function markSaleTagsSold(db: Db, sale: { id: number; orgId: number }, at: Date): Promise<void> {
  await db
    .update(tags)
    .set({ status: 'sold', soldAt: at, updatedAt: at })
    .where(
      and(
        eq(tags.orgId, sale.orgId),
        eq(tags.status, 'not_paid'),
        inArray(
          tags.code,
          db
            .select({ code: sql<string>`${transactionProducts.tagCode}` })
            .from(transactionProducts)
            .where(and(eq(transactionProducts.transactionId, sale.id), isNotNull(transactionProducts.tagCode))),
        ),
      ),
    );
}
