import type { TDeviceGroup } from '@vitrina/contract';
import { USER_KIND } from '@vitrina/contract';
import { and, asc, desc, eq, exists, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  deviceGroupCouriers,
  deviceGroupMembers,
  deviceGroups,
  micromarkets,
  rolePermissions,
  users,
} from '../../db/schema/index.js';
import { escapeLike } from '../../lib/sql.js';

export type GroupFilters = {
  orgIds: number[] | null;
  orgId?: number | undefined;
  micromarketId?: number | undefined;
  q?: string | undefined;
};

function whereOf(filters: GroupFilters): SQL | undefined {
  return and(
    filters.orgIds === null ? undefined : inArray(deviceGroups.orgId, filters.orgIds),
    filters.orgId === undefined ? undefined : eq(deviceGroups.orgId, filters.orgId),
    filters.q ? ilike(deviceGroups.name, `%${escapeLike(filters.q)}%`) : undefined,
    filters.micromarketId === undefined
      ? undefined
      : exists(
          sql`(select 1 from ${deviceGroupMembers} m where m.group_id = ${deviceGroups.id} and m.micromarket_id = ${filters.micromarketId})`,
        ),
  );
}

const SORTS = { name: deviceGroups.name, created_at: deviceGroups.createdAt } as const;

/** The couriers named on these groups (routes), by name. */
export function routeCouriersOf(db: Db, groupIds: readonly number[]) {
  return db
    .select({ groupId: deviceGroupCouriers.groupId, id: users.id, name: users.name })
    .from(deviceGroupCouriers)
    .innerJoin(users, eq(users.id, deviceGroupCouriers.userId))
    .where(inArray(deviceGroupCouriers.groupId, [...groupIds]))
    .orderBy(asc(users.name));
}

async function withDevices(db: Db, rows: (typeof deviceGroups.$inferSelect)[]): Promise<TDeviceGroup[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [members, couriers] = await Promise.all([
    db
      .select({ groupId: deviceGroupMembers.groupId, id: micromarkets.id, name: micromarkets.name })
      .from(deviceGroupMembers)
      .innerJoin(micromarkets, eq(micromarkets.id, deviceGroupMembers.micromarketId))
      .where(inArray(deviceGroupMembers.groupId, ids))
      .orderBy(asc(micromarkets.name)),
    routeCouriersOf(db, ids),
  ]);
  return rows.map((row) => ({
    id: row.id,
    org_id: row.orgId,
    name: row.name,
    type: row.type,
    address: row.address,
    description: row.description,
    devices: members.filter((member) => member.groupId === row.id).map(({ id, name }) => ({ id, name })),
    couriers: couriers.filter((courier) => courier.groupId === row.id).map(({ id, name }) => ({ id, name })),
    route_days: [...row.routeDays].sort((a, b) => a - b),
    created_at: row.createdAt.toISOString(),
  }));
}

export async function listGroups(
  db: Db,
  filters: GroupFilters,
  page: { limit: number; offset: number },
  sort: string | undefined,
): Promise<TDeviceGroup[]> {
  const key = (sort ?? 'name').replace(/^-/, '') as keyof typeof SORTS;
  const direction = sort?.startsWith('-') ? desc : asc;
  const rows = await db
    .select()
    .from(deviceGroups)
    .where(whereOf(filters))
    .orderBy(direction(SORTS[key] ?? deviceGroups.name), asc(deviceGroups.id))
    .limit(page.limit)
    .offset(page.offset);
  return withDevices(db, rows);
}

export async function countGroups(db: Db, filters: GroupFilters): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(deviceGroups).where(whereOf(filters));
  return row?.count ?? 0;
}

export async function findGroup(db: Db, id: number): Promise<TDeviceGroup | null> {
  const rows = await db.select().from(deviceGroups).where(eq(deviceGroups.id, id));
  const [group] = await withDevices(db, rows);
  return group ?? null;
}

export async function isNameTaken(db: Db, orgId: number, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: deviceGroups.id })
    .from(deviceGroups)
    .where(
      and(
        eq(deviceGroups.orgId, orgId),
        sql`lower(${deviceGroups.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(deviceGroups.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertGroup(db: Db, values: typeof deviceGroups.$inferInsert): Promise<number> {
  const [row] = await db.insert(deviceGroups).values(values).returning({ id: deviceGroups.id });
  return row!.id;
}

export async function updateGroupRow(db: Db, id: number, values: Partial<typeof deviceGroups.$inferInsert>, now: Date) {
  await db
    .update(deviceGroups)
    .set({ ...values, updatedAt: now })
    .where(eq(deviceGroups.id, id));
}

export async function replaceMembers(db: Db, groupId: number, micromarketIds: number[]) {
  await db.delete(deviceGroupMembers).where(eq(deviceGroupMembers.groupId, groupId));
  if (micromarketIds.length > 0) {
    await db.insert(deviceGroupMembers).values(micromarketIds.map((micromarketId) => ({ groupId, micromarketId })));
  }
}

export async function deleteGroupRow(db: Db, id: number) {
  await db.delete(deviceGroups).where(eq(deviceGroups.id, id));
}

export async function replaceCouriers(db: Db, groupId: number, userIds: number[]) {
  await db.delete(deviceGroupCouriers).where(eq(deviceGroupCouriers.groupId, groupId));
  if (userIds.length > 0) {
    await db.insert(deviceGroupCouriers).values(userIds.map((userId) => ({ groupId, userId })));
  }
}

/** Active employees of the organisation whose role opens a courier page, by name. */
export async function couriersOf(db: Db, orgId: number, ids?: number[]) {
  return db
    .selectDistinct({ id: users.id, name: users.name })
    .from(users)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, users.roleId))
    .where(
      and(
        eq(users.orgId, orgId),
        eq(users.active, true),
        eq(users.userType, USER_KIND.employee),
        inArray(rolePermissions.permission, ['show_courier_page', 'show_dubai_courier_page']),
        ids === undefined ? undefined : inArray(users.id, ids),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
}

/**
 * The routes a courier runs on this ISO day of the week (by name) and their micromarkets, or
 * null when the courier is on no route at all (then they see all of their organisations' work).
 */
export async function routeMicromarkets(
  db: Db,
  userId: number,
  isoDay: number,
): Promise<{ names: string[]; micromarketIds: number[] } | null> {
  const routes = await db
    .select({ groupId: deviceGroups.id, name: deviceGroups.name, days: deviceGroups.routeDays })
    .from(deviceGroupCouriers)
    .innerJoin(deviceGroups, eq(deviceGroups.id, deviceGroupCouriers.groupId))
    .where(eq(deviceGroupCouriers.userId, userId))
    .orderBy(deviceGroups.name);
  if (routes.length === 0) return null;
  const today = routes.filter((route) => route.days.includes(isoDay));
  if (today.length === 0) return { names: [], micromarketIds: [] };
  const rows = await db
    .selectDistinct({ id: deviceGroupMembers.micromarketId })
    .from(deviceGroupMembers)
    .where(
      inArray(
        deviceGroupMembers.groupId,
        today.map((route) => route.groupId),
      ),
    );
  return { names: today.map((route) => route.name), micromarketIds: rows.map((row) => row.id) };
}
