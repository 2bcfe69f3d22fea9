import type { ReportGrouping } from '@vitrina/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

export type ReportFilter = {
  from: string;
  to: string;
  /** null: every organisation (a staff actor with no filter). */
  orgIds: number[] | null;
  micromarketId?: number;
};

export type FigureRow = {
  key: string;
  label: string;
  currency: string;
  sales: number;
  items: number;
  revenue: number;
  refunds: number;
  cost: number;
};

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** `alias.org_id` among the organisations, or nothing when there is no filter (null). */
export function inOrgs(alias: SQL, orgIds: readonly number[] | null): SQL | null {
  return orgIds === null ? null : sql`${alias}.org_id = ANY(${`{${orgIds.join(',')}}`}::int[])`;
}

function where(filter: ReportFilter, alias: SQL): SQL {
  const parts = [sql`${alias}.day BETWEEN ${filter.from}::date AND ${filter.to}::date`];
  const orgs = inOrgs(alias, filter.orgIds);
  if (orgs) parts.push(orgs);
  if (filter.micromarketId !== undefined) parts.push(sql`${alias}.micromarket_id = ${filter.micromarketId}`);
  return sql.join(parts, sql` AND `);
}

/** A grouping by an id whose label is the name in `table`, joined after the sums. */
const named = (column: string, table: string, products: boolean) => ({
  group: sql.raw(`r.${column}`),
  key: sql.raw('a.grp::text'),
  label: sql.raw(`coalesce(g.name, '')`),
  join: sql.raw(`LEFT JOIN ${table} g ON g.id = a.grp`),
  products,
});

/** Per grouping: what the sums group by, the key and label of a row, and the join of the label's table. */
const GROUPS: Record<ReportGrouping, { group: SQL; key: SQL; label: SQL; join: SQL; products: boolean }> = {
  day: {
    group: sql`r.day`,
    key: sql`to_char(a.grp, 'YYYY-MM-DD')`,
    label: sql`to_char(a.grp, 'YYYY-MM-DD')`,
    join: sql``,
    products: false,
  },
  payment_type: {
    group: sql`r.payment_type`,
    key: sql`a.grp::text`,
    label: sql`a.grp::text`,
    join: sql``,
    products: false,
  },
  micromarket: named('micromarket_id', 'micromarkets', false),
  organization: named('org_id', 'organizations', false),
  product: named('product_id', 'products', true),
  category: named('category_id', 'categories', true),
};

/**
 * Which rollup a report reads: the organisation-days (a row per day and product, or per day and
 * payment type, whatever the fleet's size) unless it is about micromarkets, one by one (grouped
 * by micromarket, or filtered to one).
 */
function rollupOf(filter: ReportFilter, groupBy: ReportGrouping | null, products: boolean): SQL {
  const byMicromarket = filter.micromarketId !== undefined || groupBy === 'micromarket';
  if (products) return sql.raw(byMicromarket ? 'sales_daily_products' : 'sales_org_daily_products');
  return sql.raw(byMicromarket ? 'sales_daily' : 'sales_org_daily');
}

/**
 * The report's rows from the rollups only; never the transactions table. The rollup rows are
 * summed by their id and currency first and only the sums meet the labels' table, so a month
 * of product rows is one pass over integers. A group that sold in two currencies has two rows.
 */
export async function salesByGroup(db: Db, filter: ReportFilter, groupBy: ReportGrouping): Promise<FigureRow[]> {
  const group = GROUPS[groupBy];
  const r = sql.raw('r');
  const table = rollupOf(filter, groupBy, group.products);
  const refunds = group.products ? sql`0` : sql`sum(r.refunds_minor)`;
  const result = await db.execute(sql`
    SELECT ${group.key} AS key, ${group.label} AS label, a.currency, a.sales, a.items, a.revenue, a.refunds, a.cost
    FROM (
      SELECT ${group.group} AS grp, r.currency, sum(r.sales)::int AS sales, sum(r.items)::int AS items,
        sum(r.revenue_minor)::bigint AS revenue, ${refunds}::bigint AS refunds, sum(r.cost_minor)::bigint AS cost
      FROM ${table} r WHERE ${where(filter, r)}
      GROUP BY 1, 2
    ) a ${group.join}
    ORDER BY 1, 3`);
  return rowsOf<FigureRow>(result).map((row) => ({
    ...row,
    sales: Number(row.sales),
    items: Number(row.items),
    revenue: Number(row.revenue),
    refunds: Number(row.refunds),
    cost: Number(row.cost),
  }));
}

export type TotalsRow = Omit<FigureRow, 'key' | 'label'>;

/** Sale totals of the period per currency: from the rollup by payment type, which carries refunds. */
export async function salesTotals(db: Db, filter: ReportFilter): Promise<TotalsRow[]> {
  const result = await db.execute(sql`
    SELECT r.currency, sum(r.sales)::int AS sales, sum(r.items)::int AS items,
      sum(r.revenue_minor)::bigint AS revenue, sum(r.refunds_minor)::bigint AS refunds,
      sum(r.cost_minor)::bigint AS cost
    FROM ${rollupOf(filter, null, false)} r WHERE ${where(filter, sql.raw('r'))}
    GROUP BY r.currency ORDER BY r.currency`);
  return rowsOf<Record<string, string | number>>(result).map((row) => ({
    currency: String(row.currency),
    sales: Number(row.sales),
    items: Number(row.items),
    revenue: Number(row.revenue),
    refunds: Number(row.refunds),
    cost: Number(row.cost),
  }));
}

export type WriteOffRow = {
  day: string;
  micromarket_id: number | null;
  micromarket: string | null;
  product_id: number;
  product: string;
  items: number;
  cost: number;
  currency: string;
};

/**
 * Tags written off in the period, per UTC day, micromarket and product, at the product's base
 * cost, in the currency of the product's organisation (whose prices those are).
 */
export async function writeOffs(db: Db, filter: ReportFilter): Promise<WriteOffRow[]> {
  const parts = [
    sql`t.status = 'written_off'`,
    sql`t.written_off_at >= ${`${filter.from}T00:00:00Z`}::timestamptz`,
    sql`t.written_off_at < ${`${filter.to}T00:00:00Z`}::timestamptz + interval '1 day'`,
  ];
  if (filter.orgIds !== null) parts.push(sql`t.org_id = ANY(${`{${filter.orgIds.join(',')}}`}::int[])`);
  if (filter.micromarketId !== undefined) parts.push(sql`t.micromarket_id = ${filter.micromarketId}`);
  const result = await db.execute(sql`
    SELECT to_char(t.written_off_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, t.micromarket_id, min(m.name) AS micromarket,
      t.product_id, min(p.name) AS product, count(*)::int AS items, sum(coalesce(p.base_cost_minor, 0))::bigint AS cost,
      min(o.currency) AS currency
    FROM tags t JOIN products p ON p.id = t.product_id JOIN organizations o ON o.id = p.org_id
      LEFT JOIN micromarkets m ON m.id = t.micromarket_id
    WHERE ${sql.join(parts, sql` AND `)}
    GROUP BY 1, t.micromarket_id, t.product_id ORDER BY 1, 2, 4`);
  return rowsOf<WriteOffRow>(result).map((row) => ({ ...row, items: Number(row.items), cost: Number(row.cost) }));
}

/** Cash received (net of refunds) and items sold per UTC day of the period and currency. */
export async function salesPerDay(db: Db, filter: ReportFilter) {
  const rows = await salesByGroup(db, filter, 'day');
  return rows.map((row) => ({
    day: row.key,
    currency: row.currency,
    revenue: row.revenue - row.refunds,
    items: row.items,
  }));
}
