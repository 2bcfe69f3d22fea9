import { TAG_STATUSES, type TagStatus } from '@vitrina/contract';
import { and, eq, gte, inArray, like, lt, type SQL, sql } from 'drizzle-orm';
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
 * One condition per branch of the keyset query. The indexes are (key, status, id): each
 * (key value, status) pair is one ordered range of ids, so every branch is an index scan
 * backwards that stops at the page size, and the branches merge by id (Merge Append)
 * instead of sorting every matching row. A batch holds at most one programmer call's
 * codes, so its few rows are simply sorted.
 */
export function keysetBranches(filters: TagFilters, status: TagStatus | undefined): SQL[] {
  const statuses = status ? [status] : [...TAG_STATUSES];
  const all = whereOfTags(filters, status);
  if (filters.batchId !== undefined) return [all ?? sql`true`];
  const byStatus = (lead: SQL) => statuses.map((s) => and(lead, eq(tags.status, s), all) as SQL);
  if (filters.productId !== undefined) return byStatus(eq(tags.productId, filters.productId));
  if (filters.micromarketId !== undefined) return byStatus(eq(tags.micromarketId, filters.micromarketId));
  const orgs = leadingOrgs(filters);
  if (orgs === null || orgs.length * statuses.length > MAX_BRANCHES) return [all ?? sql`true`];
  if (orgs.length === 0) return [sql`false`];
  return orgs.flatMap((orgId) => byStatus(eq(tags.orgId, orgId)));
}

/** Ids of one page, newest first, strictly below the cursor id. */
export function pageIdsQuery(branches: SQL[], afterId: number | null, limit: number): SQL {
  const below = afterId === null ? undefined : lt(tags.id, afterId);
  const parts = branches.map(
    (where) => sql`(select ${tags.id} from ${tags} where ${and(where, below)} order by ${tags.id} desc limit ${limit})`,
  );
  return sql`select "id" from (${sql.join(parts, sql` union all `)}) as "page" order by "id" desc limit ${limit}`;
}
