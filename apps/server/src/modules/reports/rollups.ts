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

const SALE_DAY = sql`(t.opened_at AT TIME ZONE 'UTC')::date`;
const paidSales = (where: SQL) => sql`${where} AND t.payment_status = ${SALE_PAYMENT.paid} AND NOT t.is_test`;

/**
 * The rows of `sales_daily` for the paid, non-test sales that `where` picks (over `transactions
 * t`): one per micromarket-day, payment type and currency. With `freshProducts`, the one
 * definition of what the rollups hold, for one bucket and for a whole period alike.
 */
const freshDaily = (where: SQL) => sql`
  SELECT t.org_id, t.micromarket_id, ${SALE_DAY} AS day, t.payment_type, t.currency, count(*)::int AS sales,
    coalesce(sum((SELECT sum(p.quantity) FROM transaction_products p WHERE p.transaction_id = t.id)), 0)::int AS items,
    sum(t.paid_minor)::bigint AS revenue_minor, sum(t.refunded_minor)::bigint AS refunds_minor,
    sum(t.cost_minor)::bigint AS cost_minor, sum(t.discount_minor)::bigint AS discount_minor
  FROM transactions t WHERE ${paidSales(where)}
  GROUP BY t.org_id, t.micromarket_id, ${SALE_DAY}, t.payment_type, t.currency`;

/** The rows of `sales_daily_products`: one per micromarket-day, product, category at the sale and currency. */
const freshProducts = (where: SQL) => sql`
  SELECT t.org_id, t.micromarket_id, ${SALE_DAY} AS day, coalesce(p.product_id, 0) AS product_id,
    coalesce(p.category_id, 0) AS category_id, t.currency, count(DISTINCT t.id)::int AS sales,
    sum(p.quantity)::int AS items, sum(p.quantity * p.price_minor)::bigint AS revenue_minor,
    sum(p.quantity * p.cost_minor)::bigint AS cost_minor
  FROM transactions t JOIN transaction_products p ON p.transaction_id = t.id
  WHERE ${paidSales(where)} AND p.quantity > 0
  GROUP BY t.org_id, t.micromarket_id, ${SALE_DAY}, coalesce(p.product_id, 0), coalesce(p.category_id, 0), t.currency`;

/** Writes the rollup rows of the sales `where` picks into emptied buckets (a period's rebuild). */
async function insertRollups(db: Db, where: SQL): Promise<void> {
  // One statement for both tables (a data-modifying WITH always runs to completion).
  await db.execute(sql`
    WITH daily AS (
      INSERT INTO sales_daily (org_id, micromarket_id, day, payment_type, currency, sales, items,
        revenue_minor, refunds_minor, cost_minor, discount_minor)
      ${freshDaily(where)})
    INSERT INTO sales_daily_products (org_id, micromarket_id, day, product_id, category_id, currency, sales, items,
      revenue_minor, cost_minor)
    ${freshProducts(where)}`);
}

/**
 * One table pair of the rollups: the micromarket-level table, the organisation-level one that
 * holds its sums, the columns that key a row within a micromarket-day (and within an
 * organisation-day), and the sums.
 */
type RollupPair = { micromarket: string; org: string; keys: string[]; sums: string[]; fresh: (where: SQL) => SQL };

const PRODUCTS: RollupPair = {
  micromarket: 'sales_daily_products',
  org: 'sales_org_daily_products',
  keys: ['product_id', 'category_id', 'currency'],
  sums: ['sales', 'items', 'revenue_minor', 'cost_minor'],
  fresh: freshProducts,
};
const DAILY: RollupPair = {
  micromarket: 'sales_daily',
  org: 'sales_org_daily',
  keys: ['payment_type', 'currency'],
  sums: ['sales', 'items', 'revenue_minor', 'refunds_minor', 'cost_minor', 'discount_minor'],
  fresh: freshDaily,
};

const list = (names: string[], prefix = '') => sql.raw(names.map((name) => `${prefix}${name}`).join(', '));

/**
 * Recomputes one micromarket-day of one table pair in one statement, so the organisation's row
 * moves by exactly what the micromarket's rows moved, seen in one snapshot: the fresh rows
 * replace the bucket's (updated in place, the ones no longer there deleted), and their difference
 * from the old rows is added to the organisation-day. The organisation rows are written in key
 * order, so two buckets of one organisation-day refreshed at once wait on each other and never
 * deadlock. A row that falls to no sales is deleted after, by its key, a row this transaction
 * already holds.
 */
async function refreshPair(db: Db, pair: RollupPair, bucket: SaleBucket, where: SQL): Promise<void> {
  const { micromarketId, day } = bucket;
  const micromarket = sql.raw(pair.micromarket);
  const org = sql.raw(pair.org);
  const columns = ['org_id', 'day', ...pair.keys, ...pair.sums];
  const orgKey = ['org_id', 'day', ...pair.keys];
  const sameKey = sql.raw(pair.keys.map((key) => `f.${key} = r.${key}`).join(' AND '));
  const result = await db.execute(sql`
    WITH fresh AS (${pair.fresh(where)}),
    old AS (SELECT ${list(columns)} FROM ${micromarket} WHERE micromarket_id = ${micromarketId} AND day = ${day}::date),
    kept AS (
      INSERT INTO ${micromarket} (micromarket_id, ${list(columns)}) SELECT micromarket_id, ${list(columns)} FROM fresh
      ON CONFLICT (micromarket_id, day, ${list(pair.keys)}) DO UPDATE SET org_id = excluded.org_id,
        ${sql.raw(pair.sums.map((sum) => `${sum} = excluded.${sum}`).join(', '))}),
    gone AS (
      DELETE FROM ${micromarket} r WHERE r.micromarket_id = ${micromarketId} AND r.day = ${day}::date
        AND NOT EXISTS (SELECT 1 FROM fresh f WHERE ${sameKey})),
    delta AS (
      SELECT ${list(orgKey)}, ${sql.raw(pair.sums.map((sum) => `sum(${sum}) AS ${sum}`).join(', '))}
      FROM (SELECT ${list(columns)} FROM fresh
        UNION ALL SELECT ${list(orgKey)}, ${sql.raw(pair.sums.map((sum) => `-${sum}`).join(', '))} FROM old) c
      GROUP BY ${list(orgKey)}
      HAVING ${sql.raw(pair.sums.map((sum) => `sum(${sum}) <> 0`).join(' OR '))})
    INSERT INTO ${org} AS o (${list(columns)}) SELECT ${list(columns)} FROM delta ORDER BY ${list(orgKey)}
    ON CONFLICT (${list(orgKey)}) DO UPDATE SET
      ${sql.raw(pair.sums.map((sum) => `${sum} = o.${sum} + excluded.${sum}`).join(', '))}
    RETURNING org_id, ${list(pair.keys)}, sales`);
  const emptied = (result as unknown as { rows: Record<string, unknown>[] }).rows.filter(
    (row) => Number(row.sales) === 0,
  );
  for (const row of emptied) {
    const sameRow = ['org_id', ...pair.keys].map((key) => sql`${sql.raw(key)} = ${row[key]}`);
    await db.execute(
      sql`DELETE FROM ${org} WHERE day = ${day}::date AND ${sql.join(sameRow, sql` AND `)} AND sales = 0`,
    );
  }
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
 * left out), and moves its organisation-days by the difference, in one transaction (a savepoint
 * inside the caller's): calling it twice gives the same numbers, and the organisation rollups
 * always equal the sums of the micromarket rollups. The products first, then the payment types:
 * every refresh takes the organisation rows' locks in that one order.
 */
export async function refreshSaleRollups(db: Db, bucket: SaleBucket): Promise<void> {
  const { micromarketId, day } = bucket;
  if (!DAY_RE.test(day)) throw new Error(`not a day: ${day}`);
  const start = `${day}T00:00:00Z`;
  // By micromarket alone (a micromarket never changes organisation): with the organisation in
  // the condition too, the planner may walk the whole organisation's day by its index instead
  // of the micromarket's, which grows with the fleet at every settlement.
  const where = sql`t.micromarket_id = ${micromarketId}
    AND t.opened_at >= ${start}::timestamptz AND t.opened_at < ${start}::timestamptz + interval '1 day'`;
  await db.transaction(async (tx) => {
    await refreshPair(tx, PRODUCTS, bucket, where);
    await refreshPair(tx, DAILY, bucket, where);
  });
}

/**
 * Rebuilds every micromarket-day from `from` to `to` (UTC days, both included), set-based, and
 * the organisation-days from them, in one transaction: for the demo seed and as a repair tool.
 * Buckets with no sales left are emptied too. Answers the number of micromarket-days that have rows.
 */
export async function rebuildSaleRollups(db: Db, period: { from: string; to: string }): Promise<number> {
  daysBetween(period.from, period.to);
  const start = `${period.from}T00:00:00Z`;
  const end = `${period.to}T00:00:00Z`;
  const inPeriod = sql`day BETWEEN ${period.from}::date AND ${period.to}::date`;
  return db.transaction(async (tx) => {
    for (const pair of [PRODUCTS, DAILY]) {
      await tx.execute(sql`DELETE FROM ${sql.raw(pair.micromarket)} WHERE ${inPeriod}`);
      await tx.execute(sql`DELETE FROM ${sql.raw(pair.org)} WHERE ${inPeriod}`);
    }
    await insertRollups(
      tx,
      sql`t.opened_at >= ${start}::timestamptz AND t.opened_at < ${end}::timestamptz + interval '1 day'`,
    );
    for (const pair of [PRODUCTS, DAILY]) {
      const orgKey = list(['org_id', 'day', ...pair.keys]);
      await tx.execute(sql`
        INSERT INTO ${sql.raw(pair.org)} (${orgKey}, ${list(pair.sums)})
        SELECT ${orgKey}, ${sql.raw(pair.sums.map((sum) => `sum(${sum})`).join(', '))}
        FROM ${sql.raw(pair.micromarket)} WHERE ${inPeriod} GROUP BY ${orgKey}`);
    }
    const result = await tx.execute(sql`
      SELECT count(*)::int AS buckets FROM (SELECT DISTINCT micromarket_id, day FROM sales_daily WHERE ${inPeriod}) b`);
    return (result as unknown as { rows: { buckets: number }[] }).rows[0]?.buckets ?? 0;
  });
}

/** The demo seed's sales, up to a year back from `now` (when the seeding runs), into the rollups. */
export async function rebuildDemoSaleRollups(db: Db, now: Date): Promise<number> {
  const today = now.getTime();
  return rebuildSaleRollups(db, {
    from: saleDay(new Date(today - 400 * 86_400_000)),
    to: saleDay(new Date(today + 86_400_000)),
  });
}
