import { TAG_STATUSES, type TagStatus } from '@vitrina/contract';
import { and, eq, gte, inArray, like, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { tags } from '../../db/schema/index.js';

export type TagFilters = {
  /** The caller's organisations; null: every organisation. */
  orgIds: number[] | null;
  orgId?: number | undefined;
  productId?: number | undefined;
  micromarketId?: number | undefined;
  batchId?: number | undefined;
  /** Days (YYYY-MM-DD, UTC), both inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  expiry?: 'expired' | 'expiring' | undefined;
  /** Start of the code, upper case. */
  codePrefix?: string | undefined;
  now: Date;
};

const DAY_MS = 24 * 3600 * 1000;
const HEX = '0123456789ABCDEF';

/**
 * Above this many (organisation × status) branches the union costs more than it saves;
 * the query then falls back to one scan of the primary key backwards.
 */
const MAX_BRANCHES = 60;

/**
 * The first code after every code that starts with `prefix`, or null when none is (FFF…).
 * Codes are hexadecimal, and digits sort before letters under C and the usual locales
 * alike, so `code >= prefix and code < next` lets the unique code index serve the prefix
 * whatever the database collation (a plain LIKE only does under the C collation).
 */
function nextHexPrefix(prefix: string): string | null {
  for (let i = prefix.length - 1; i >= 0; i--) {
    const digit = HEX.indexOf(prefix[i]!);
    if (digit < HEX.length - 1) return prefix.slice(0, i) + HEX[digit + 1];
  }
  return null;
}

function codePrefixCondition(prefix: string): SQL {
  if (!/^[0-9A-F]+$/.test(prefix)) return sql`false`;
  const next = nextHexPrefix(prefix);
  return and(gte(tags.code, prefix), next ? lt(tags.code, next) : undefined, like(tags.code, `${prefix}%`)) as SQL;
}

function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/** Conditions that do not pick an index: dates, expiry, code. */
function refinements(filters: TagFilters): (SQL | undefined)[] {
  const { now } = filters;
  return [
    filters.from ? gte(tags.createdAt, dayStart(filters.from)) : undefined,
    filters.to ? lt(tags.createdAt, new Date(dayStart(filters.to).getTime() + DAY_MS)) : undefined,
    filters.expiry === 'expired' ? lt(tags.storeUpTo, now) : undefined,
    filters.expiry === 'expiring'
      ? and(gte(tags.storeUpTo, now), lt(tags.storeUpTo, new Date(now.getTime() + DAY_MS)))
      : undefined,
    filters.codePrefix ? codePrefixCondition(filters.codePrefix) : undefined,
  ];
}

/** Every filter as one condition: for counts, where no order is needed. */
export function whereOfTags(filters: TagFilters, status?: TagStatus): SQL | undefined {
  return and(
    filters.orgIds === null ? undefined : inArray(tags.orgId, filters.orgIds),
    filters.orgId === undefined ? undefined : eq(tags.orgId, filters.orgId),
    filters.productId === undefined ? undefined : eq(tags.productId, filters.productId),
    filters.micromarketId === undefined ? undefined : eq(tags.micromarketId, filters.micromarketId),
    filters.batchId === undefined ? undefined : eq(tags.batchId, filters.batchId),
    status === undefined ? undefined : eq(tags.status, status),
    ...refinements(filters),
  );
}

/** The organisations the org-led branches walk: the filter within the scope, or the scope. */
function leadingOrgs(filters: TagFilters): number[] | null {
  if (filters.orgId === undefined) return filters.orgIds;
  return filters.orgIds === null || filters.orgIds.includes(filters.orgId) ? [filters.orgId] : [];
}

/**
 * `column = value` written as a closed range. With a plain equality the planner drops the
 * column from the wanted order and may walk the primary key backwards, filtering: cheap
 * on paper, but when the matching rows are old (sold tags sit behind every newer tag) it
 * reads hundreds of thousands of rows. As a range, only the (key, status, id) index gives
 * the order, so each branch reads exactly the rows it returns.
 */
function pinned(column: PgColumn, value: number | string): SQL {
  return and(gte(column, value), lte(column, value)) as SQL;
}

export type KeysetBranch = { where: SQL; order: PgColumn[] };

/**
 * One branch per (key value, status) of the keyset query. The indexes are (key, status,
 * id): each pair is one ordered range of ids, so every branch is an index scan backwards
 * that stops at the page size, and only the branches' few rows are merged by id.
 */
export function keysetBranches(filters: TagFilters, status: TagStatus | undefined): KeysetBranch[] {
  const statuses = status ? [status] : [...TAG_STATUSES];
  const byId = (where: SQL | undefined): KeysetBranch[] => [{ where: where ?? sql`true`, order: [tags.id] }];
  // A batch is small, and a code prefix is best served by the unique code index: the
  // matching rows are few, so one scan of them sorted by id beats walking every branch.
  if (filters.batchId !== undefined || filters.codePrefix) return byId(whereOfTags(filters, status));
  const lead =
    filters.productId !== undefined
      ? { column: tags.productId, values: [filters.productId] }
      : filters.micromarketId !== undefined
        ? { column: tags.micromarketId, values: [filters.micromarketId] }
        : { column: tags.orgId, values: leadingOrgs(filters) };
  if (lead.values === null || lead.values.length * statuses.length > MAX_BRANCHES) {
    return byId(whereOfTags(filters, status));
  }
  if (lead.values.length === 0) return byId(sql`false`);
  // The lead and the status are pinned per branch; everything else filters.
  const rest = and(
    lead.column === tags.orgId || filters.orgIds === null ? undefined : inArray(tags.orgId, filters.orgIds),
    lead.column === tags.orgId || filters.orgId === undefined ? undefined : eq(tags.orgId, filters.orgId),
    lead.column === tags.productId || filters.micromarketId === undefined
      ? undefined
      : eq(tags.micromarketId, filters.micromarketId),
    ...refinements(filters),
  );
  return lead.values.flatMap((value) =>
    statuses.map((s) => ({
      where: and(pinned(lead.column, value), pinned(tags.status, s), rest) as SQL,
      order: [lead.column, tags.status, tags.id],
    })),
  );
}

/** Ids of one page, newest first, strictly below the cursor id. */
export function pageIdsQuery(branches: KeysetBranch[], afterId: number | null, limit: number): SQL {
  const below = afterId === null ? undefined : lt(tags.id, afterId);
  const parts = branches.map((branch) => {
    const order = sql.join(
      branch.order.map((column) => sql`${column} desc`),
      sql`, `,
    );
    return sql`(select ${tags.id} from ${tags} where ${and(branch.where, below)} order by ${order} limit ${limit})`;
  });
  return sql`select "id" from (${sql.join(parts, sql` union all `)}) as "page" order by "id" desc limit ${limit}`;
}
