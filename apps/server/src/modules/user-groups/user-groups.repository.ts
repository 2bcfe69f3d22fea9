import type { TUserGroup, TUserGroupMember } from '@vitrina/contract';
import { PROMO_STATUS } from '@vitrina/contract';
import { and, asc, count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organizations, userGroupPhones, userGroups, users } from '../../db/schema/index.js';
import { escapeLike, pgArray, rowsOf } from '../../lib/sql.js';

/**
 * Every phone of the organisation's customers, as a set to test membership against: one scan
 * of its customers hashed once, so checking N phones costs N lookups, not N index walks.
 */
const customerPhones = (orgId: SQL) =>
  sql`(select unnest(u.phones) from ${users} u where u.org_id = ${orgId} and u.user_type = 1)`;

export type GroupFilters = { orgIds: number[] | null; orgId?: number | undefined; q?: string | undefined };

function whereOf(filters: GroupFilters): SQL | undefined {
  return and(
    filters.orgIds === null ? undefined : inArray(userGroups.orgId, filters.orgIds),
    filters.orgId === undefined ? undefined : eq(userGroups.orgId, filters.orgId),
    filters.q ? ilike(userGroups.name, `%${escapeLike(filters.q)}%`) : undefined,
  );
}

const groupColumns = {
  id: userGroups.id,
  org_id: userGroups.orgId,
  name: userGroups.name,
  phones_count: sql<number>`(select count(*)::int from ${userGroupPhones} p where p.group_id = ${userGroups.id})`,
  members_count: sql<number>`(select count(*)::int from ${userGroupPhones} p
    where p.group_id = ${userGroups.id} and p.phone in ${customerPhones(sql`${userGroups.orgId}`)})`,
  created_at: sql<string>`to_char(${userGroups.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};

export async function listGroups(db: Db, filters: GroupFilters, page: { limit: number; offset: number }) {
  return db
    .select(groupColumns)
    .from(userGroups)
    .where(whereOf(filters))
    .orderBy(asc(userGroups.name), asc(userGroups.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countGroups(db: Db, filters: GroupFilters): Promise<number> {
  const [row] = await db.select({ total: count() }).from(userGroups).where(whereOf(filters));
  return row?.total ?? 0;
}

export async function findGroup(db: Db, id: number): Promise<TUserGroup | null> {
  const [row] = await db.select(groupColumns).from(userGroups).where(eq(userGroups.id, id));
  return row ?? null;
}

export async function isNameTaken(db: Db, orgId: number, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(
      and(
        eq(userGroups.orgId, orgId),
        sql`lower(${userGroups.name}) = lower(${name})`,
        exceptId === undefined ? undefined : sql`${userGroups.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertGroup(db: Db, orgId: number, name: string): Promise<number> {
  const [row] = await db.insert(userGroups).values({ orgId, name }).returning({ id: userGroups.id });
  return row!.id;
}

export async function renameGroup(db: Db, id: number, name: string, now: Date) {
  await db.update(userGroups).set({ name, updatedAt: now }).where(eq(userGroups.id, id));
}

/** Active promotions that reach the group: it may not go while they do. */
export async function activePromotionsOf(db: Db, groupId: number): Promise<number> {
  const result = await db.execute(
    sql`SELECT count(*)::int AS n FROM bonus_promotions WHERE status = ${PROMO_STATUS.active} AND group_ids @> ARRAY[${groupId}::int]`,
  );
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

export async function deleteGroup(db: Db, id: number) {
  await db.delete(userGroups).where(eq(userGroups.id, id));
}

/** The calling code local numbers of the organisation are read with (its currency's country). */
export async function orgCurrency(db: Db, orgId: number): Promise<string> {
  const [row] = await db
    .select({ currency: organizations.currency })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row?.currency ?? 'UAH';
}

/** Adds the phones in chunks (one statement each); answers how many were new to the group. */
export async function insertPhones(db: Db, groupId: number, phones: string[]): Promise<number> {
  const CHUNK = 20_000;
  let added = 0;
  for (let at = 0; at < phones.length; at += CHUNK) {
    const result = await db.execute(sql`
      WITH added AS (
        INSERT INTO user_group_phones (group_id, phone)
        SELECT ${groupId}, phone FROM unnest(${pgArray(phones.slice(at, at + CHUNK))}::text[]) AS phone
        ON CONFLICT DO NOTHING RETURNING 1)
      SELECT count(*)::int AS added FROM added`);
    added += rowsOf<{ added: number }>(result)[0]?.added ?? 0;
  }
  return added;
}

/** Of `phones`, how many no customer of the organisation has. */
export async function countUnknown(db: Db, orgId: number, phones: string[]): Promise<number> {
  const result = await db.execute(sql`
    SELECT count(*)::int AS unknown FROM unnest(${pgArray(phones)}::text[]) AS i(phone)
    WHERE i.phone NOT IN ${customerPhones(sql`${orgId}::int`)}`);
  return rowsOf<{ unknown: number }>(result)[0]?.unknown ?? 0;
}

export async function listMembers(
  db: Db,
  groupId: number,
  q: string | undefined,
  page: { limit: number; offset: number },
): Promise<{ items: TUserGroupMember[]; total: number }> {
  const search = q ? sql`AND p.phone LIKE ${`%${escapeLike(q.replace(/[^0-9+]/g, ''))}%`}` : sql``;
  const items = rowsOf<TUserGroupMember>(
    await db.execute(sql`
      SELECT p.phone, c.id AS customer_id, c.name AS customer_name
      FROM user_group_phones p JOIN user_groups g ON g.id = p.group_id
      LEFT JOIN LATERAL (SELECT u.id, u.name FROM ${users} u WHERE u.org_id = g.org_id AND u.user_type = 1
        AND u.phones @> array[p.phone] ORDER BY u.id LIMIT 1) c ON true
      WHERE p.group_id = ${groupId} ${search}
      ORDER BY p.phone LIMIT ${page.limit} OFFSET ${page.offset}`),
  );
  const total = rowsOf<{ total: number }>(
    await db.execute(
      sql`SELECT count(*)::int AS total FROM user_group_phones p WHERE p.group_id = ${groupId} ${search}`,
    ),
  )[0]?.total;
  return { items, total: total ?? 0 };
}

export async function removePhone(db: Db, groupId: number, phone: string): Promise<boolean> {
  const rows = await db
    .delete(userGroupPhones)
    .where(and(eq(userGroupPhones.groupId, groupId), eq(userGroupPhones.phone, phone)))
    .returning({ phone: userGroupPhones.phone });
  return rows.length > 0;
}

/** The customers the groups reach now (distinct user ids), for push messages and promotions. */
export async function groupMemberIds(db: Db, groupIds: readonly number[]): Promise<number[]> {
  if (groupIds.length === 0) return [];
  const result = await db.execute(sql`
    SELECT DISTINCT u.id FROM user_groups g
    JOIN ${users} u ON u.org_id = g.org_id AND u.user_type = 1
    CROSS JOIN LATERAL unnest(u.phones) AS ph(phone)
    JOIN user_group_phones p ON p.group_id = g.id AND p.phone = ph.phone
    WHERE g.id = ANY(${pgArray(groupIds)}::int[]) ORDER BY u.id`);
  return rowsOf<{ id: number }>(result).map((row) => row.id);
}

/**
 * Which of the groups the customer is in: a customer of the group's organisation with one of
 * its phones. One lookup per phone of theirs on the groups' key, for the settlement's hot path.
 */
export async function groupsOfCustomer(db: Db, customerId: number, groupIds: readonly number[]): Promise<number[]> {
  if (groupIds.length === 0) return [];
  const result = await db.execute(sql`
    SELECT DISTINCT p.group_id FROM ${users} u
    JOIN user_groups g ON g.org_id = u.org_id AND g.id = ANY(${pgArray(groupIds)}::int[])
    JOIN user_group_phones p ON p.group_id = g.id AND p.phone = ANY(u.phones)
    WHERE u.id = ${customerId} AND u.user_type = 1 ORDER BY p.group_id`);
  return rowsOf<{ group_id: number }>(result).map((row) => Number(row.group_id));
}
