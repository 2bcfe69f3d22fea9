import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rolePermissions, roles, users } from '../../db/schema/index.js';

export type RoleRow = {
  id: number;
  name: string;
  orgId: number | null;
  defaultPage: 'dashboard' | 'dubai_courier' | 'devices';
  permissions: string[];
};

/** Roles of the given organisations plus the platform roles; null ids means every role. */
export async function listRoles(db: Db, orgIds: number[] | null): Promise<RoleRow[]> {
  const where = orgIds === null ? undefined : or(isNull(roles.orgId), inArray(roles.orgId, orgIds));
  const rows = await db
    .select({
      id: roles.id,
      name: roles.name,
      orgId: roles.orgId,
      defaultPage: roles.defaultPage,
      permissions: sql<
        string[]
      >`coalesce(array_agg(${rolePermissions.permission} order by ${rolePermissions.permission}) filter (where ${rolePermissions.permission} is not null), '{}')`,
    })
    .from(roles)
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .where(where)
    .groupBy(roles.id)
    .orderBy(sql`${roles.orgId} nulls first`, roles.name);
  return rows;
}

export async function findRole(db: Db, id: number): Promise<RoleRow | null> {
  const [role] = await db
    .select({ id: roles.id, name: roles.name, orgId: roles.orgId, defaultPage: roles.defaultPage })
    .from(roles)
    .where(eq(roles.id, id));
  if (!role) return null;
  const permissions = await db
    .select({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, id))
    .orderBy(rolePermissions.permission);
  return { ...role, permissions: permissions.map((row) => row.permission) };
}

/** The permissions of each of these roles, for judging many users at once (a list page). */
export async function permissionsOfRoles(db: Db, roleIds: number[]): Promise<Map<number, string[]>> {
  const byRole = new Map<number, string[]>(roleIds.map((id) => [id, []]));
  if (roleIds.length === 0) return byRole;
  const rows = await db
    .select({ roleId: rolePermissions.roleId, permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(inArray(rolePermissions.roleId, roleIds));
  for (const row of rows) byRole.get(row.roleId)?.push(row.permission);
  return byRole;
}

export type RoleUserCount = { all: number; visible: number };

/** Users holding each role: all of them, and those of the given organisations (null: all). */
export async function countUsersByRole(db: Db, orgIds: number[] | null): Promise<Map<number, RoleUserCount>> {
  const visible =
    orgIds === null
      ? sql<number>`count(*)::int`
      : sql<number>`(count(*) filter (where ${inArray(users.orgId, orgIds)}))::int`;
  const rows = await db
    .select({ roleId: users.roleId, all: sql<number>`count(*)::int`, visible })
    .from(users)
    .where(isNotNull(users.roleId))
    .groupBy(users.roleId);
  return new Map(rows.map((row) => [row.roleId as number, { all: row.all, visible: row.visible }]));
}

export async function isRoleOfUser(db: Db, roleId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.roleId, roleId)));
  return row !== undefined;
}

export async function countAllUsersOfRole(db: Db, roleId: number): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users).where(eq(users.roleId, roleId));
  return row?.count ?? 0;
}

export async function findRoleByName(db: Db, orgId: number | null, name: string) {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        orgId === null ? isNull(roles.orgId) : eq(roles.orgId, orgId),
        sql`lower(${roles.name}) = ${name.toLowerCase()}`,
      ),
    );
  return row ?? null;
}

export async function insertRole(
  db: Db,
  role: { name: string; orgId: number | null; defaultPage: RoleRow['defaultPage'] },
): Promise<number> {
  const [row] = await db.insert(roles).values(role).returning({ id: roles.id });
  return row!.id;
}

export async function updateRoleRow(
  db: Db,
  id: number,
  patch: { name?: string; defaultPage?: RoleRow['defaultPage'] },
  now: Date,
) {
  await db
    .update(roles)
    .set({ ...patch, updatedAt: now })
    .where(eq(roles.id, id));
}

export async function replacePermissions(db: Db, roleId: number, permissions: string[]) {
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (permissions.length > 0) {
    await db.insert(rolePermissions).values([...new Set(permissions)].map((permission) => ({ roleId, permission })));
  }
}

export async function deleteRoleRow(db: Db, id: number) {
  await db.delete(roles).where(eq(roles.id, id));
}
