import { SALE_PAYMENT } from '@vitrina/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedSql } from '../../db/prepared.js';

/** One micromarket-day bucket of the sales rollups; `day` is the UTC date, `YYYY-MM-DD`. */
export type SaleBucket = { orgId: number; micromarketId: number; day: string };

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day a sale counts on: the day its door opened (or the web purchase began). */
export function saleDay(openedAt: Date): string {
  return openedAt.toISOString().slice(0, 10);
}

/** The bucket a sale's row belongs to. */
export function saleBucketOf(sale: { orgId: number; micromarketId: number; openedAt: Date }): SaleBucket {
  return { orgId: sale.orgId, micromarketId: sale.micromarketId, day: saleDay(sale.openedAt) };
}

/** The UTC days from `from` to `to`, both included, as `YYYY-MM-DD`. */
export function daysBetween(from: string, to: string): string[] {
  if (!DAY_RE.test(from) || !DAY_RE.test(to)) throw new Error(`not a day: ${from}..${to}`);
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * Writes the rollup rows of the paid, non-test sales that `where` picks (over `transactions t`),
 * one per micromarket-day and currency (and payment type, or product): the one definition of what the
 * rollups hold, for a single bucket and for a whole period alike.
 */
async function insertRollups(db: Db, where: SQL): Promise<void> {
  const day = sql`(t.opened_at AT TIME ZONE 'UTC')::date`;
  const paid = sql`${where} AND t.payment_status = ${SALE_PAYMENT.paid} AND NOT t.is_test`;
  // One statement for both tables (a data-modifying WITH always runs to completion): the
  // settlement refreshes a bucket per sale, and each round trip counts at hundreds a second.
  await db.execute(sql`
    WITH daily AS (
    INSERT INTO sales_daily (org_id, micromarket_id, day, payment_type, currency, sales, items,
      revenue_minor, refunds_minor, cost_minor, discount_minor)
    SELECT t.org_id, t.micromarket_id, ${day}, t.payment_type, t.currency, count(*),
      coalesce(sum((SELECT sum(p.quantity) FROM transaction_products p WHERE p.transaction_id = t.id)), 0),
      sum(t.paid_minor), sum(t.refunded_minor), sum(t.cost_minor), sum(t.discount_minor)
    FROM transactions t WHERE ${paid}
    GROUP BY t.org_id, t.micromarket_id, ${day}, t.payment_type, t.currency)
    INSERT INTO sales_daily_products (org_id, micromarket_id, day, product_id, category_id, currency, sales, items,
      revenue_minor, cost_minor)
    SELECT t.org_id, t.micromarket_id, ${day}, coalesce(p.product_id, 0), coalesce(p.category_id, 0), t.currency,
      count(DISTINCT t.id), sum(p.quantity), sum(p.quantity * p.price_minor), sum(p.quantity * p.cost_minor)
    FROM transactions t JOIN transaction_products p ON p.transaction_id = t.id
    WHERE ${paid} AND p.quantity > 0
    GROUP BY t.org_id, t.micromarket_id, ${day}, coalesce(p.product_id, 0), coalesce(p.category_id, 0), t.currency`);
}

/**
 * Marks a sale's micromarket-day as behind its sales. Called inside the transaction that
 * changes a sale's money (settlement, refund): one small upsert, so the settlement does not
 * pay for recomputing a day that grows with every sale. `flushSaleRollups` brings the marked
 * buckets up to date, from the `reports.rollups` job and before a report reads them.
 */
export async function markSaleRollups(db: Db, bucket: SaleBucket): Promise<void> {
  if (!DAY_RE.test(bucket.day)) throw new Error(`not a day: ${bucket.day}`);
  await markBucket(db, bucket);
}
// Every settlement runs it: built once (prepared.ts).
const markBucket = preparedSql<SaleBucket>(sql`
  INSERT INTO sales_rollup_dirty (org_id, micromarket_id, day)
  VALUES (${sql.placeholder('orgId')}, ${sql.placeholder('micromarketId')}, ${sql.placeholder('day')}::date)
  ON CONFLICT DO NOTHING`);

/**
 * Recomputes every marked micromarket-day (of `orgIds` when given) and removes its mark,
 * each bucket in a transaction of its own, so a settlement marking a bucket waits at most
 * for that one bucket (its insert waits on the mark being removed, then marks it afresh
 * for the next flush). Two flushes at once never recompute a bucket together: the second
 * waits on the first's removal of the mark, finds it gone and skips the bucket, whose rows
 * are fresh by then. Answers the number of buckets recomputed.
 */
export async function flushSaleRollups(db: Db, orgIds?: readonly number[]): Promise<number> {
  if (orgIds?.length === 0) return 0;
  const scope = orgIds
    ? sql`WHERE org_id IN (${sql.join(
        orgIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const marked = await db.execute(sql`
    SELECT org_id AS "orgId", micromarket_id AS "micromarketId", day::text AS day FROM sales_rollup_dirty ${scope}`);
  let flushed = 0;
  for (const bucket of (marked as unknown as { rows: SaleBucket[] }).rows) {
    const done = await db.transaction(async (tx) => {
      const taken = await tx.execute(sql`
        DELETE FROM sales_rollup_dirty WHERE micromarket_id = ${bucket.micromarketId} AND day = ${bucket.day}::date
        RETURNING 1`);
      if ((taken as unknown as { rows: unknown[] }).rows.length === 0) return false;
      await refreshSaleRollups(tx, bucket);
      return true;
    });
    if (done) flushed += 1;
  }
  return flushed;
}

/**
 * Recomputes one micromarket-day of the rollups from that day's paid sales (test-mode sales
 * left out): it replaces the bucket whole, so calling it twice gives the same numbers.
 */
export async function refreshSaleRollups(db: Db, bucket: SaleBucket): Promise<void> {
  const { micromarketId, day } = bucket;
  if (!DAY_RE.test(day)) throw new Error(`not a day: ${day}`);
  const start = `${day}T00:00:00Z`;
  // Both tables' rows of the bucket in one statement; the inserts follow in the next, so they never meet the old rows.
  await db.execute(sql`
    WITH daily AS (DELETE FROM sales_daily WHERE micromarket_id = ${micromarketId} AND day = ${day}::date)
    DELETE FROM sales_daily_products WHERE micromarket_id = ${micromarketId} AND day = ${day}::date`);
  // By micromarket alone (a micromarket never changes organisation): with the organisation in
  // the condition too, the planner may walk the whole organisation's day by its index instead
  // of the micromarket's, which grows with the fleet at every settlement.
  await insertRollups(
    db,
    sql`t.micromarket_id = ${micromarketId}
      AND t.opened_at >= ${start}::timestamptz AND t.opened_at < ${start}::timestamptz + interval '1 day'`,
  );
}

/**
 * Rebuilds every micromarket-day from `from` to `to` (UTC days, both included), set-based in
 * two statements: for the demo seed and as a repair tool. Buckets with no sales left are
 * emptied too. Answers the number of micromarket-days that have rows.
 */
export async function rebuildSaleRollups(db: Db, period: { from: string; to: string }): Promise<number> {
  daysBetween(period.from, period.to);
  const start = `${period.from}T00:00:00Z`;
  const end = `${period.to}T00:00:00Z`;
  await db.execute(sql`DELETE FROM sales_daily WHERE day BETWEEN ${period.from}::date AND ${period.to}::date`);
  await db.execute(sql`DELETE FROM sales_daily_products WHERE day BETWEEN ${period.from}::date AND ${period.to}::date`);
  await insertRollups(
    db,
    sql`t.opened_at >= ${start}::timestamptz AND t.opened_at < ${end}::timestamptz + interval '1 day'`,
  );
  const result = await db.execute(sql`
    SELECT count(*)::int AS buckets FROM (SELECT DISTINCT micromarket_id, day FROM sales_daily
    WHERE day BETWEEN ${period.from}::date AND ${period.to}::date) b`);
  return (result as unknown as { rows: { buckets: number }[] }).rows[0]?.buckets ?? 0;
}

/** The demo seed's sales, up to a year back from `now` (when the seeding runs), into the rollups. */
export async function rebuildDemoSaleRollups(db: Db, now: Date): Promise<number> {
  const today = now.getTime();
  return rebuildSaleRollups(db, {
    from: saleDay(new Date(today - 400 * 86_400_000)),
    to: saleDay(new Date(today + 86_400_000)),
  });
}
