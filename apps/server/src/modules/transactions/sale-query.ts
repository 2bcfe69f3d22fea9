import type { RefundState, TTransactionFilters } from '@vitrina/contract';
import { SALE_STATUS } from '@vitrina/contract';
import { and, eq, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { transactions, users } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/sql.js';

/** The list's filters, with the caller's organisations: null sees every organisation. */
export type SaleFilters = TTransactionFilters & { orgIds: number[] | null };

const DAY_MS = 24 * 3600 * 1000;
/** Above this many organisations one scan of the primary key backwards beats a branch each. */
const MAX_BRANCHES = 60;

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** Customers whose name, email or phone holds the text, any case. */
function customerSearch(text: string): SQL {
  const pattern = `%${escapeLike(text)}%`;
  const matching = sql`select ${users.id} from ${users} where ${or(
    sql`${users.name} ilike ${pattern}`,
    sql`${users.email} ilike ${pattern}`,
    sql`array_to_string(${users.phones}, ' ') ilike ${pattern}`,
  )}`;
  return sql`${transactions.customerId} in (${matching})`;
}

/**
 * The refund state as the list item derives it (refundStateOf). `refunded_minor > 0` is
 * written as a literal, so the planner sees it implies `transactions_refunded`'s predicate.
 */
function refundStateWhere(state: RefundState): SQL {
  const { paidMinor, refundedMinor } = transactions;
  if (state === 'not_refunded') return sql`${refundedMinor} = 0`;
  return state === 'refunded'
    ? sql`${refundedMinor} > 0 AND ${refundedMinor} >= ${paidMinor}`
    : sql`${refundedMinor} > 0 AND ${refundedMinor} < ${paidMinor}`;
}

/** The filters that do not pick an index: period, codes, customer, amount. */
function refinements(filters: SaleFilters): (SQL | undefined)[] {
  return [
    filters.from ? gte(transactions.openedAt, dayStart(filters.from)) : undefined,
    filters.to ? lt(transactions.openedAt, new Date(dayStart(filters.to).getTime() + DAY_MS)) : undefined,
    filters.status === undefined
      ? undefined
      : // 3 and 4 are both "processing" (§4): the filter finds either.
        filters.status === SALE_STATUS.processing
        ? inArray(transactions.status, [SALE_STATUS.processing, SALE_STATUS.atProvider])
        : eq(transactions.status, filters.status),
    filters.payment_status === undefined ? undefined : eq(transactions.paymentStatus, filters.payment_status),
    filters.payment_type === undefined ? undefined : eq(transactions.paymentType, filters.payment_type),
    filters.refund_state === undefined ? undefined : refundStateWhere(filters.refund_state),
    filters.customer_id === undefined ? undefined : eq(transactions.customerId, filters.customer_id),
    filters.customer ? customerSearch(filters.customer) : undefined,
    filters.amount_min === undefined ? undefined : gte(transactions.amountMinor, filters.amount_min),
    filters.amount_max === undefined ? undefined : lte(transactions.amountMinor, filters.amount_max),
  ];
}

/** Every filter as one condition: for totals and export, where no index order is needed. */
export function whereOfSales(filters: SaleFilters): SQL | undefined {
  return and(
    filters.orgIds === null ? undefined : inArray(transactions.orgId, filters.orgIds),
    filters.org_id === undefined ? undefined : eq(transactions.orgId, filters.org_id),
    filters.micromarket_id === undefined ? undefined : eq(transactions.micromarketId, filters.micromarket_id),
    ...refinements(filters),
  );
}

/** The organisations the branches walk: the filter within the scope, or the scope. */
function leadingOrgs(filters: SaleFilters): number[] | null {
  if (filters.org_id === undefined) return filters.orgIds;
  return filters.orgIds === null || filters.orgIds.includes(filters.org_id) ? [filters.org_id] : [];
}

/**
 * `column = value` as a closed range: with an equality the planner may drop the column from
 * the wanted order and walk the primary key backwards, filtering (see the tags list).
 */
function pinned(column: PgColumn, value: number): SQL {
  return and(gte(column, value), lte(column, value)) as SQL;
}

export type KeysetBranch = { where: SQL; lead: PgColumn | null };

const orgBranches = (filters: SaleFilters, rest: SQL | undefined): KeysetBranch[] => {
  const orgs = leadingOrgs(filters);
  if (orgs === null || orgs.length > MAX_BRANCHES) return [{ where: whereOfSales(filters) ?? sql`true`, lead: null }];
  if (orgs.length === 0) return [{ where: sql`false`, lead: null }];
  return orgs.map((orgId) => ({
    where: and(pinned(transactions.orgId, orgId), rest) as SQL,
    lead: transactions.orgId,
  }));
};

/**
 * One branch per index range of the keyset query, newest (opened_at, id) first: a
 * micromarket walks `transactions_micromarket_opened` (micromarket_id, opened_at, id), a
 * customer `transactions_customer_opened`, otherwise each visible organisation walks
 * `transactions_org_opened` (org_id, opened_at, id) backwards and stops at the page size;
 * only the branches' few rows are merged. The platform without an organisation filter walks
 * `transactions_opened` (opened_at, id). A period starts each walk at its end.
 */
export function keysetBranches(filters: SaleFilters): KeysetBranch[] {
  if (filters.micromarket_id === undefined && filters.customer_id === undefined) {
    return orgBranches(filters, and(...refinements(filters)));
  }
  // The customer's own column leads only without a micromarket; either way it is pinned, not equal.
  const byMicromarket = filters.micromarket_id !== undefined;
  const lead = byMicromarket ? transactions.micromarketId : transactions.customerId;
  const value = byMicromarket ? filters.micromarket_id! : filters.customer_id!;
  const orgs = leadingOrgs(filters);
  if (orgs !== null && orgs.length === 0) return [{ where: sql`false`, lead: null }];
  const rest = refinements(byMicromarket ? filters : { ...filters, customer_id: undefined });
  return [
    {
      where: and(pinned(lead, value), orgs === null ? undefined : inArray(transactions.orgId, orgs), ...rest) as SQL,
      lead,
    },
  ];
}

/**
 * Ids of one page in the list's order (opened_at, id) newest first, strictly after the
 * cursor's sale. Its opening time is read from the row itself, so the comparison is exact to
 * the microsecond, and it stays a plain row comparison the index walks can start from.
 */
export function pageIdsQuery(branches: KeysetBranch[], afterId: number | null, limit: number): SQL {
  const below =
    afterId === null
      ? undefined
      : sql`(${transactions.openedAt}, ${transactions.id}) < ((select "c"."opened_at" from ${transactions} "c" where "c"."id" = ${afterId}), ${afterId})`;
  const parts = branches.map((branch) => {
    const order = [...(branch.lead ? [branch.lead] : []), transactions.openedAt, transactions.id];
    const by = sql.join(
      order.map((column) => sql`${column} desc`),
      sql`, `,
    );
    return sql`(select ${transactions.id}, ${transactions.openedAt} from ${transactions} where ${and(branch.where, below)} order by ${by} limit ${limit})`;
  });
  return sql`select "id" from (${sql.join(parts, sql` union all `)}) as "page" order by "opened_at" desc, "id" desc limit ${limit}`;
}
