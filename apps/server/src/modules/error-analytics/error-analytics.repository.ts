import type { ErrorCategory, TErrorGroup, TErrorRow } from '@vitrina/contract';
import { PAYMENT_STATUS, PAYMENT_TYPE } from '@vitrina/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pgArray, rowsOf } from '../../lib/sql.js';

export type ErrorFilters = {
  /** null: every organisation (the platform). */
  orgIds: number[] | null;
  orgId?: number | undefined;
  micromarketId?: number | undefined;
  /** [start, end) instants. */
  start: Date;
  end: Date;
  category?: ErrorCategory | undefined;
  key?: string | undefined;
};

/**
 * Every trouble of the period as one row shape (category, key, detail, time, organisation,
 * micromarket, id): §8 refusals, failed debits at a provider, failed or expired commands,
 * and technical alerts opened. Each branch filters on its own indexed time and organisation.
 */
function troubles(filters: ErrorFilters): SQL {
  const start = filters.start.toISOString();
  const end = filters.end.toISOString();
  const scope = (org: SQL, micromarket: SQL) =>
    sql.join(
      [
        filters.orgIds === null ? sql`true` : sql`${org} = ANY(${pgArray(filters.orgIds)}::int[])`,
        filters.orgId === undefined ? sql`true` : sql`${org} = ${filters.orgId}`,
        filters.micromarketId === undefined ? sql`true` : sql`${micromarket} = ${filters.micromarketId}`,
      ],
      sql` AND `,
    );
  const wanted = (category: ErrorCategory) => !filters.category || filters.category === category;
  // Every branch names its columns: with a category chosen, any of them may be the first.
  const branches: SQL[] = [];
  if (wanted('refusal')) {
    branches.push(sql`
      SELECT 'refusal' AS category, r.reason AS key, NULL::text AS detail, r.at, r.org_id, r.micromarket_id,
        r.id::text AS id, NULL::bigint AS transaction_id, r.customer_id
      FROM sale_refusals r
      WHERE r.at >= ${start}::timestamptz AND r.at < ${end}::timestamptz AND ${scope(sql`r.org_id`, sql`r.micromarket_id`)}`);
  }
  if (wanted('payment')) {
    branches.push(sql`
      SELECT 'payment' AS category, coalesce(p.error_code, 'unknown') AS key, p.provider AS detail, p.created_at AS at,
        p.org_id, t.micromarket_id, p.id::text AS id, p.transaction_id, t.customer_id
      FROM payment_transactions p LEFT JOIN transactions t ON t.id = p.transaction_id
      WHERE p.status = ${PAYMENT_STATUS.error} AND p.type = ${PAYMENT_TYPE.debit} AND p.created_at >= ${start}::timestamptz AND p.created_at < ${end}::timestamptz
        AND ${scope(sql`p.org_id`, sql`t.micromarket_id`)}`);
  }
  if (wanted('command')) {
    branches.push(sql`
      SELECT 'command' AS category, c.type AS key, c.status AS detail, c.created_at AS at, m.org_id, c.micromarket_id,
        c.id::text AS id, NULL::bigint AS transaction_id, NULL::int AS customer_id
      FROM device_commands c JOIN micromarkets m ON m.id = c.micromarket_id
      WHERE c.status IN ('failed', 'expired') AND c.created_at >= ${start}::timestamptz AND c.created_at < ${end}::timestamptz
        AND ${scope(sql`m.org_id`, sql`c.micromarket_id`)}`);
  }
  if (wanted('alert')) {
    branches.push(sql`
      SELECT 'alert' AS category, a.type::text AS key, NULL::text AS detail, a.opened_at AS at, a.org_id,
        a.micromarket_id, a.id::text AS id, NULL::bigint AS transaction_id, NULL::int AS customer_id
      FROM technical_alerts a
      WHERE a.opened_at >= ${start}::timestamptz AND a.opened_at < ${end}::timestamptz
        AND ${scope(sql`a.org_id`, sql`a.micromarket_id`)}`);
  }
  const union = sql.join(branches, sql` UNION ALL `);
  return filters.key === undefined ? sql`(${union})` : sql`(SELECT * FROM (${union}) k WHERE k.key = ${filters.key})`;
}

export type CategoryCounts = Record<ErrorCategory, number>;
const emptyCounts = (): CategoryCounts => ({ refusal: 0, payment: 0, command: 0, alert: 0 });

export async function totals(db: Db, filters: ErrorFilters): Promise<CategoryCounts> {
  const result = await db.execute(
    sql`SELECT e.category, count(*)::int AS n FROM ${troubles(filters)} e GROUP BY e.category`,
  );
  const counts = emptyCounts();
  for (const row of rowsOf<{ category: ErrorCategory; n: number }>(result)) counts[row.category] = Number(row.n);
  return counts;
}

/** Per UTC day of the period, every day present. */
export async function perDay(db: Db, filters: ErrorFilters): Promise<(CategoryCounts & { day: string })[]> {
  const result = await db.execute(sql`
    SELECT to_char(date_trunc('day', e.at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, e.category, count(*)::int AS n
    FROM ${troubles(filters)} e GROUP BY 1, 2`);
  const byDay = new Map<string, CategoryCounts>();
  for (let ms = filters.start.getTime(); ms < filters.end.getTime(); ms += 86_400_000) {
    byDay.set(new Date(ms).toISOString().slice(0, 10), emptyCounts());
  }
  for (const row of rowsOf<{ day: string; category: ErrorCategory; n: number }>(result)) {
    const counts = byDay.get(row.day);
    if (counts) counts[row.category] = Number(row.n);
  }
  return [...byDay].map(([day, counts]) => ({ day, ...counts }));
}

export async function groups(db: Db, filters: ErrorFilters): Promise<TErrorGroup[]> {
  const result = await db.execute(sql`
    SELECT e.category, e.key, e.detail, count(*)::int AS n FROM ${troubles(filters)} e
    GROUP BY 1, 2, 3 ORDER BY 4 DESC, 1, 2, 3`);
  return rowsOf<{ category: ErrorCategory; key: string; detail: string | null; n: number }>(result).map((row) => ({
    category: row.category,
    key: row.key,
    detail: row.detail,
    count: Number(row.n),
  }));
}

export type Place = CategoryCounts & { id: number; name: string; total: number };

/** Counts per micromarket (the 20 with the most) or per organisation (all with any). */
export async function places(db: Db, filters: ErrorFilters, by: 'micromarket' | 'organization'): Promise<Place[]> {
  const key = by === 'micromarket' ? sql`e.micromarket_id` : sql`e.org_id`;
  const name =
    by === 'micromarket'
      ? sql`(SELECT name FROM micromarkets WHERE id = g.id)`
      : sql`(SELECT name FROM organizations WHERE id = g.id)`;
  const result = await db.execute(sql`
    SELECT g.id, ${name} AS name, g.refusal, g.payment, g.command, g.alert, g.total FROM (
      SELECT ${key} AS id,
        count(*) FILTER (WHERE e.category = 'refusal')::int AS refusal,
        count(*) FILTER (WHERE e.category = 'payment')::int AS payment,
        count(*) FILTER (WHERE e.category = 'command')::int AS command,
        count(*) FILTER (WHERE e.category = 'alert')::int AS alert,
        count(*)::int AS total
      FROM ${troubles(filters)} e WHERE ${key} IS NOT NULL GROUP BY 1
    ) g ORDER BY g.total DESC, g.id ${by === 'micromarket' ? sql`LIMIT 20` : sql``}`);
  return rowsOf<Place>(result).map((row) => ({
    id: Number(row.id),
    name: row.name,
    refusal: Number(row.refusal),
    payment: Number(row.payment),
    command: Number(row.command),
    alert: Number(row.alert),
    total: Number(row.total),
  }));
}

export async function rows(
  db: Db,
  filters: ErrorFilters,
  page: { limit: number; offset: number },
): Promise<{ items: TErrorRow[]; total: number }> {
  const [list, count] = await Promise.all([
    db.execute(sql`
      SELECT e.id, e.category, e.at, e.key, e.detail, e.micromarket_id, m.name AS micromarket_name,
        o.name AS org_name, e.transaction_id, u.id AS customer_id, nullif(u.name, '') AS customer_name,
        u.phones[1] AS customer_phone
      FROM ${troubles(filters)} e
      JOIN organizations o ON o.id = e.org_id
      LEFT JOIN micromarkets m ON m.id = e.micromarket_id
      -- The row's own organisation's customer only (never another one's, whoever the row names).
      LEFT JOIN users u ON u.id = e.customer_id AND u.org_id = e.org_id
      ORDER BY e.at DESC, e.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`),
    db.execute(sql`SELECT count(*)::int AS n FROM ${troubles(filters)} e`),
  ]);
  type Raw = Omit<TErrorRow, 'at'> & { at: string | Date };
  return {
    items: rowsOf<Raw>(list).map((row) => ({
      id: String(row.id),
      category: row.category,
      at: new Date(row.at).toISOString(),
      key: row.key,
      detail: row.detail,
      micromarket_id: row.micromarket_id === null ? null : Number(row.micromarket_id),
      micromarket_name: row.micromarket_name,
      org_name: row.org_name,
      transaction_id: row.transaction_id === null ? null : Number(row.transaction_id),
      customer_id: row.customer_id === null ? null : Number(row.customer_id),
      customer_name: row.customer_name,
      customer_phone: row.customer_phone,
    })),
    total: Number(rowsOf<{ n: number }>(count)[0]?.n ?? 0),
  };
}
