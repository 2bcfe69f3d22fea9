import type { TUser, UserType } from '@vitrina/contract';
import { USER_KIND } from '@vitrina/contract';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customerBlocks, organizations, roles, transactions, users } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/sql.js';

/** The first platform administrator, made at the first start; nobody else may change this account or its role. */

export type UserFilters = {
  q?: string | undefined;
  roleId?: number | undefined;
  orgId?: number | undefined;
  userType?: UserType | undefined;
  active?: boolean | undefined;
  /** null: every organisation. */
  orgIds: number[] | null;
};

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phones: users.phones,
  userType: users.userType,
  roleId: users.roleId,
  roleName: roles.name,
  orgId: users.orgId,
  orgName: organizations.name,
  currency: organizations.currency,
  bonuses: users.bonuses,
  pushLimitImportant: users.pushLimitImportant,
  pushLimitUnimportant: users.pushLimitUnimportant,
  lang: users.lang,
  active: users.active,
  registered: sql<boolean>`${users.passwordHash} is not null`,
  lastLoginAt: users.lastLoginAt,
  // The newest sale by id (the customer's index), so a page costs one index probe per row.
  lastPurchaseAt: sql<
    string | null
  >`(select t.opened_at from ${transactions} t where t.customer_id = ${users.id} order by t.id desc limit 1)`,
  // The customer's organisation's block (a primary-key probe per row).
  blocked: sql<boolean>`exists (select 1 from ${customerBlocks} b where b.customer_id = ${users.id} and b.org_id = ${users.orgId})`,
  createdAt: users.createdAt,
};

type Row = Awaited<ReturnType<typeof baseQuery>>[number];

export function toUser(row: Row): TUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phones: row.phones,
    user_type: row.userType === USER_KIND.client ? USER_KIND.client : USER_KIND.employee,
    role_id: row.roleId,
    role_name: row.roleName,
    org_id: row.orgId,
    org_name: row.orgName,
    currency: row.currency,
    bonuses: row.bonuses,
    push_limit_important: row.pushLimitImportant,
    push_limit_unimportant: row.pushLimitUnimportant,
    lang: row.lang,
    active: row.active,
    registered: row.registered,
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    last_purchase_at: row.lastPurchaseAt === null ? null : new Date(row.lastPurchaseAt).toISOString(),
    blocked: row.blocked,
    created_at: row.createdAt.toISOString(),
  };
}

function whereOf(filters: UserFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.orgIds !== null) conditions.push(inArray(users.orgId, filters.orgIds));
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    const digits = filters.q.replace(/[^0-9]/g, '');
    conditions.push(
      or(
        ilike(users.name, pattern),
        ilike(users.email, pattern),
        digits.length >= 3
          ? sql`exists (select 1 from unnest(${users.phones}) as phone where phone like ${`%${digits}%`})`
          : undefined,
      ),
    );
  }
  if (filters.roleId !== undefined) conditions.push(eq(users.roleId, filters.roleId));
  if (filters.orgId !== undefined) conditions.push(eq(users.orgId, filters.orgId));
  if (filters.userType !== undefined) conditions.push(eq(users.userType, filters.userType));
  if (filters.active !== undefined) conditions.push(eq(users.active, filters.active));
  return and(...conditions);
}

const SORTS = {
  name: users.name,
  email: users.email,
  created_at: users.createdAt,
  last_login_at: users.lastLoginAt,
  bonuses: users.bonuses,
} as const;

function orderOf(sort: string | undefined): SQL[] {
  const key = (sort ?? '-created_at').replace(/^-/, '') as keyof typeof SORTS;
  const column = SORTS[key] ?? users.createdAt;
  const direction = sort?.startsWith('-') || !sort ? desc : asc;
  return [direction(column), desc(users.id)];
}

function baseQuery(db: Db) {
  return db
    .select(columns)
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    .leftJoin(roles, eq(roles.id, users.roleId));
}

export async function listUsers(
  db: Db,
  filters: UserFilters,
  page: { limit: number; offset: number } | null,
  sort: string | undefined,
) {
  const where = whereOf(filters);
  const query = baseQuery(db)
    .where(where)
    .orderBy(...orderOf(sort));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows.map(toUser);
}

export async function countUsers(db: Db, filters: UserFilters): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users).where(whereOf(filters));
  return row?.count ?? 0;
}

export async function findUser(db: Db, id: number): Promise<TUser | null> {
  const [row] = await baseQuery(db).where(eq(users.id, id));
  return row ? toUser(row) : null;
}

/** By email, or by any of the phones (digits compared, so "+380 50…" finds "+38050…"). */
export async function findUserByEmailOrPhone(db: Db, value: string, orgIds: number[] | null): Promise<TUser | null> {
  const digits = value.replace(/[^0-9]/g, '');
  const match = value.includes('@')
    ? sql`lower(${users.email}) = ${value.trim().toLowerCase()}`
    : sql`exists (select 1 from unnest(${users.phones}) as phone where regexp_replace(phone, '[^0-9]', '', 'g') = ${digits})`;
  const [row] = await baseQuery(db)
    .where(and(match, orgIds === null ? undefined : inArray(users.orgId, orgIds)))
    .limit(1);
  return row ? toUser(row) : null;
}

export async function emailTaken(db: Db, email: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return Boolean(row && row.id !== exceptId);
}
