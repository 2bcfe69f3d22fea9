import { SALE_PAYMENT } from '@vitrina/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { inOrgs, rowsOf } from './reports.repository.js';

type Period = { from: string; to: string; orgIds: number[] | null };

const and = (parts: (SQL | null)[]) =>
  sql.join(
    parts.filter((part): part is SQL => part !== null),
    sql` AND `,
  );

/** The currencies of the organisations (active ones), whether or not they sold anything yet. */
export async function currenciesOf(db: Db, orgIds: number[] | null): Promise<string[]> {
  const orgs = orgIds === null ? sql`TRUE` : sql`o.id = ANY(${`{${orgIds.join(',')}}`}::int[])`;
  const result = await db.execute(sql`SELECT DISTINCT o.currency FROM organizations o WHERE o.active AND ${orgs}`);
  return rowsOf<{ currency: string }>(result).map((row) => row.currency);
}

export type ProductFigures = { currency: string; productId: number; name: string; items: number; revenue: number };

/** The `limit` best-selling products of each currency in the period, by line revenue (the organisation-day rollup). */
export async function topProducts(db: Db, period: Period, limit: number): Promise<ProductFigures[]> {
  const r = sql.raw('r');
  const result = await db.execute(sql`
    SELECT a.currency, a.product_id AS "productId", coalesce(p.name, '') AS name, a.items, a.revenue
    FROM (
      SELECT r.currency, r.product_id, sum(r.items)::int AS items, sum(r.revenue_minor)::bigint AS revenue,
        row_number() OVER (PARTITION BY r.currency ORDER BY sum(r.revenue_minor) DESC, r.product_id) AS place
      FROM sales_org_daily_products r
      WHERE ${and([sql`r.day BETWEEN ${period.from}::date AND ${period.to}::date`, sql`r.product_id <> 0`, inOrgs(r, period.orgIds)])}
      GROUP BY r.currency, r.product_id
    ) a LEFT JOIN products p ON p.id = a.product_id
    WHERE a.place <= ${limit}
    ORDER BY a.currency, a.revenue DESC, a.product_id`);
  return rowsOf<ProductFigures>(result).map((row) => ({
    ...row,
    items: Number(row.items),
    revenue: Number(row.revenue),
  }));
}

export type MicromarketFigures = {
  currency: string;
  micromarketId: number;
  name: string;
  revenue: number;
  previousRevenue: number;
  items: number;
};

/**
 * Every active micromarket of the organisations with its net cash received in `current` and in
 * `previous` (rollups), per currency it sold in; one that sold nothing in either comes once,
 * with zeros in its organisation's currency, so the worst list can name it.
 */
export async function micromarketFigures(
  db: Db,
  orgIds: number[] | null,
  current: { from: string; to: string },
  previous: { from: string; to: string },
): Promise<MicromarketFigures[]> {
  const r = sql.raw('r');
  const m = sql.raw('m');
  const result = await db.execute(sql`
    WITH sold AS (
      SELECT r.micromarket_id, r.currency,
        coalesce(sum(r.revenue_minor - r.refunds_minor) FILTER (WHERE r.day >= ${current.from}::date), 0)::bigint AS revenue,
        coalesce(sum(r.revenue_minor - r.refunds_minor) FILTER (WHERE r.day <= ${previous.to}::date), 0)::bigint AS previous,
        coalesce(sum(r.items) FILTER (WHERE r.day >= ${current.from}::date), 0)::int AS items
      FROM sales_daily r
      WHERE ${and([sql`r.day BETWEEN ${previous.from}::date AND ${current.to}::date`, inOrgs(r, orgIds)])}
      GROUP BY r.micromarket_id, r.currency
    )
    SELECT coalesce(s.currency, o.currency) AS currency, m.id AS "micromarketId", m.name,
      coalesce(s.revenue, 0)::bigint AS revenue, coalesce(s.previous, 0)::bigint AS "previousRevenue",
      coalesce(s.items, 0)::int AS items
    FROM micromarkets m JOIN organizations o ON o.id = m.org_id
      LEFT JOIN sold s ON s.micromarket_id = m.id
    WHERE ${and([sql`m.active`, sql`o.active`, inOrgs(m, orgIds)])}`);
  return rowsOf<MicromarketFigures>(result).map((row) => ({
    ...row,
    revenue: Number(row.revenue),
    previousRevenue: Number(row.previousRevenue),
    items: Number(row.items),
  }));
}

/**
 * Net cash received and items sold per currency by the paid sales whose door opened in
 * [from, until): the same weekday a week ago up to the time it is now. Read from the sales
 * themselves (the rollups hold whole days), one day of the organisations' sales by the
 * `(org_id, opened_at)` index.
 */
export async function salesBetween(db: Db, orgIds: number[] | null, from: Date, until: Date) {
  const t = sql.raw('t');
  const result = await db.execute(sql`
    SELECT t.currency, coalesce(sum(t.paid_minor - t.refunded_minor), 0)::bigint AS revenue,
      coalesce(sum((SELECT sum(p.quantity) FROM transaction_products p WHERE p.transaction_id = t.id)), 0)::int AS items
    FROM transactions t
    WHERE ${and([
      sql`t.opened_at >= ${from.toISOString()}::timestamptz`,
      sql`t.opened_at < ${until.toISOString()}::timestamptz`,
      sql`t.payment_status = ${SALE_PAYMENT.paid}`,
      sql`NOT t.is_test`,
      inOrgs(t, orgIds),
    ])}
    GROUP BY t.currency`);
  return rowsOf<{ currency: string; revenue: number; items: number }>(result).map((row) => ({
    currency: row.currency,
    revenue: Number(row.revenue),
    items: Number(row.items),
  }));
}
