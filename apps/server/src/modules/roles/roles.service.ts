import {
  type Locale,
  OWNER_USER_ID,
  PERMISSION_AREA_NAMES,
  PERMISSION_AREAS,
  PERMISSION_NAMES,
  PERMISSIONS,
  type TCreateRole,
  type TPermissionGroups,
  type TRole,
  type TUpdateRole,
} from '@vitrina/contract';
import type { Db } from '../../db/client.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import { assertAdministratorRemains } from './administrators.js';
import * as repo from './roles.repository.js';

/**
 * An organisation's role counts every holder, seen or not, so the 409 on delete matches what
 * the list shows; a platform role counts the caller's organisations only (docs/decisions/003-permissions-and-roles.md).
 */
function usersCountOf(row: repo.RoleRow, counts: Map<number, repo.RoleUserCount>): number {
  const count = counts.get(row.id);
  if (!count) return 0;
  return row.orgId === null ? count.visible : count.all;
}

function toRole(row: repo.RoleRow, usersCount: number): TRole {
  return {
    id: row.id,
    name: row.name,
    default_page: row.defaultPage,
    permissions: row.permissions,
    org_id: row.orgId,
    users_count: usersCount,
  };
}

function isPlatform(actor: UserActor) {
  return actor.permissions.has('view_all_organizations');
}

async function visibleRole(ctx: ServiceContext, actor: UserActor, id: number) {
  const role = await repo.findRole(ctx.db, id);
  if (!role || (role.orgId !== null && !actor.scope.canSee(role.orgId))) throw notFound();
  return role;
}

/**
 * Changing or deleting a role changes every holder's rights, so the caller must hold all of
 * the role's permissions, as for changing a user (a weaker caller would otherwise strip or
 * rename a stronger role), and the role of user 1 is changed by user 1 alone.
 */
async function assertEditable(ctx: ServiceContext, actor: UserActor, role: repo.RoleRow) {
  if (role.orgId === null) {
    if (!isPlatform(actor)) throw forbidden('role.system');
  } else {
    actor.scope.assertEditable(role.orgId);
  }
  const beyond = role.permissions.filter((permission) => !actor.permissions.has(permission));
  if (beyond.length > 0) throw forbidden('role.holds_more', { permissions: beyond.join(', ') });
  if (actor.userId !== OWNER_USER_ID && (await repo.isRoleOfUser(ctx.db, role.id, OWNER_USER_ID))) {
    throw forbidden('role.owner_only');
  }
}

/** Nobody grants what they do not hold: that would be a way to raise their own rights. */
export function assertGrantable(actor: UserActor, permissions: readonly string[]) {
  const beyond = permissions.filter((permission) => !actor.permissions.has(permission));
  if (beyond.length > 0) throw forbidden('role.permission_not_held', { permissions: beyond.join(', ') });
}

export async function listRoles(ctx: ServiceContext, actor: UserActor): Promise<TRole[]> {
  const ids = actor.scope.visibleIds;
  const [rows, counts] = await Promise.all([repo.listRoles(ctx.db, ids), repo.countUsersByRole(ctx.db, ids)]);
  return rows.map((row) => toRole(row, usersCountOf(row, counts)));
}

export async function getRole(ctx: ServiceContext, actor: UserActor, id: number): Promise<TRole> {
  const role = await visibleRole(ctx, actor, id);
  const counts = await repo.countUsersByRole(ctx.db, actor.scope.visibleIds);
  return toRole(role, usersCountOf(role, counts));
}

/** A role of an organisation is held only by its own users; platform roles fit every organisation. */
export function roleFitsOrg(role: { orgId: number | null }, orgId: number): boolean {
  return role.orgId === null || role.orgId === orgId;
}

/**
 * Roles the caller may give to a user: visible, and within the caller's own permissions;
 * with `orgId`, only those a user of that organisation may hold (its own and the platform's),
 * the same fit the user update checks.
 */
export async function assignableRoles(
  ctx: ServiceContext,
  actor: UserActor,
  filter: { orgId?: number | undefined } = {},
) {
  const { orgId } = filter;
  if (orgId !== undefined) actor.scope.assertVisible(orgId);
  const rows = await repo.listRoles(ctx.db, actor.scope.visibleIds);
  return rows
    .filter((row) => orgId === undefined || roleFitsOrg(row, orgId))
    .filter((row) => row.permissions.every((permission) => actor.permissions.has(permission)))
    .map((row) => ({ id: row.id, name: row.name, org_id: row.orgId }));
}

export async function createRole(ctx: ServiceContext, actor: UserActor, body: TCreateRole) {
  const permissions = body.permissions ?? [];
  assertGrantable(actor, permissions);
  const orgId = isPlatform(actor) ? null : actor.orgId;
  const name = body.name.trim();
  const id = await ctx.db.transaction(async (tx) => {
    if (await repo.findRoleByName(tx, orgId, name)) throw conflict('role.name_taken');
    const roleId = await repo.insertRole(tx, { name, orgId, defaultPage: body.default_page ?? 'dashboard' });
    await repo.replacePermissions(tx, roleId, permissions);
    await writeAudit(tx, actor, {
      action: 'create',
      entity: 'role',
      entityId: roleId,
      orgId,
      after: { name, default_page: body.default_page, permissions },
    });
    return roleId;
  });
  return getRole(ctx, actor, id);
}

export async function updateRole(ctx: ServiceContext, actor: UserActor, id: number, body: TUpdateRole) {
  const role = await visibleRole(ctx, actor, id);
  await assertEditable(ctx, actor, role);
  if (body.permissions) assertGrantable(actor, body.permissions);
  await ctx.db.transaction(async (tx) => {
    if (body.name && body.name.toLowerCase() !== role.name.toLowerCase()) {
      if (await repo.findRoleByName(tx, role.orgId, body.name)) throw conflict('role.name_taken');
    }
    await repo.updateRoleRow(
      tx,
      id,
      {
        ...(body.name ? { name: body.name } : {}),
        ...(body.default_page ? { defaultPage: body.default_page } : {}),
      },
      ctx.clock.now(),
    );
    if (body.permissions) {
      await repo.replacePermissions(tx, id, body.permissions);
      await assertAdministratorRemains(tx);
    }
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'role',
      entityId: id,
      orgId: role.orgId,
      before: { name: role.name, default_page: role.defaultPage, permissions: role.permissions },
      after: body,
    });
  });
  return getRole(ctx, actor, id);
}

export async function deleteRole(ctx: ServiceContext, actor: UserActor, id: number) {
  const role = await visibleRole(ctx, actor, id);
  await assertEditable(ctx, actor, role);
  await ctx.db.transaction(async (tx) => {
    const count = await repo.countAllUsersOfRole(tx, id);
    if (count > 0) throw conflict('role.in_use', { count });
    await repo.deleteRoleRow(tx, id);
    await writeAudit(tx, actor, {
      action: 'delete',
      entity: 'role',
      entityId: id,
      orgId: role.orgId,
      before: { name: role.name, default_page: role.defaultPage, permissions: role.permissions },
    });
  });
}

/** The catalogue by area, each permission marked with whether role `id` holds it (0: a new role). */
export async function permissionGroups(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
  locale: Locale,
): Promise<TPermissionGroups> {
  const granted = new Set(id === 0 ? [] : (await visibleRole(ctx, actor, id)).permissions);
  return {
    role_id: id,
    groups: PERMISSION_AREAS.map((area) => ({
      area,
      title: PERMISSION_AREA_NAMES[area][locale],
      permissions: PERMISSION_NAMES.filter((name) => PERMISSIONS[name].area === area).map((name) => ({
        name,
        title: PERMISSIONS[name].names[locale],
        granted: granted.has(name),
      })),
    })),
  };
}

/**
 * The platform role of the first administrator of an empty database (`create-admin`): every
 * permission, shared by every organisation. No actor grants it: the command's audit row says who.
 */
export async function createPlatformRole(tx: Db, name: string, permissions: readonly string[]): Promise<number> {
  const roleId = await repo.insertRole(tx, { name, orgId: null, defaultPage: 'dashboard' });
  await repo.replacePermissions(tx, roleId, [...permissions]);
  return roleId;
}
