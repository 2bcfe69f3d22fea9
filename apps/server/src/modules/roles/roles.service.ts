import {
  type Locale,
  PERMISSION_AREA_NAMES,
  PERMISSION_AREAS,
  PERMISSION_NAMES,
  PERMISSIONS,
  type TCreateRole,
  type TPermissionGroups,
  type TRole,
  type TUpdateRole,
} from '@vitrina/contract';
import type { FastifyRequest } from 'fastify';
import type { ServiceContext } from '../../app.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { writeAudit } from '../audit/audit.repository.js';
import * as repo from './roles.repository.js';

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

function isPlatform(auth: AuthContext) {
  return auth.permissions.has('view_all_organizations');
}

async function visibleRole(ctx: ServiceContext, auth: AuthContext, id: number) {
  const role = await repo.findRole(ctx.db, id);
  if (!role || (role.orgId !== null && !auth.scope.canSee(role.orgId))) throw notFound();
  return role;
}

function assertEditable(auth: AuthContext, role: repo.RoleRow) {
  if (role.orgId === null) {
    if (!isPlatform(auth)) throw forbidden('role.system');
  } else {
    auth.scope.assertEditable(role.orgId);
  }
}

/** Nobody grants what they do not hold: that would be a way to raise their own rights. */
export function assertGrantable(auth: AuthContext, permissions: readonly string[]) {
  const beyond = permissions.filter((permission) => !auth.permissions.has(permission));
  if (beyond.length > 0) throw forbidden('role.permission_not_held', { permissions: beyond.join(', ') });
}

export async function listRoles(ctx: ServiceContext, auth: AuthContext): Promise<TRole[]> {
  const ids = auth.scope.visibleIds;
  const [rows, counts] = await Promise.all([repo.listRoles(ctx.db, ids), repo.countUsersByRole(ctx.db, ids)]);
  return rows.map((row) => toRole(row, counts.get(row.id) ?? 0));
}

export async function getRole(ctx: ServiceContext, auth: AuthContext, id: number): Promise<TRole> {
  const role = await visibleRole(ctx, auth, id);
  const counts = await repo.countUsersByRole(ctx.db, auth.scope.visibleIds);
  return toRole(role, counts.get(id) ?? 0);
}

/** Roles the caller may give to a user: visible, and within the caller's own permissions. */
export async function assignableRoles(ctx: ServiceContext, auth: AuthContext) {
  const rows = await repo.listRoles(ctx.db, auth.scope.visibleIds);
  return rows
    .filter((row) => row.permissions.every((permission) => auth.permissions.has(permission)))
    .map((row) => ({ id: row.id, name: row.name, org_id: row.orgId }));
}

export async function createRole(ctx: ServiceContext, auth: AuthContext, body: TCreateRole, request: FastifyRequest) {
  const permissions = body.permissions ?? [];
  assertGrantable(auth, permissions);
  const orgId = isPlatform(auth) ? null : auth.orgId;
  const name = body.name.trim();
  const id = await ctx.db.transaction(async (tx) => {
    if (await repo.findRoleByName(tx, orgId, name)) throw conflict('role.name_taken');
    const roleId = await repo.insertRole(tx, { name, orgId, defaultPage: body.default_page ?? 'dashboard' });
    await repo.replacePermissions(tx, roleId, permissions);
    await writeAudit(tx, request, {
      action: 'create',
      entity: 'role',
      entityId: roleId,
      orgId,
      after: { name, default_page: body.default_page, permissions },
    });
    return roleId;
  });
  return getRole(ctx, auth, id);
}

export async function updateRole(
  ctx: ServiceContext,
  auth: AuthContext,
  id: number,
  body: TUpdateRole,
  request: FastifyRequest,
) {
  const role = await visibleRole(ctx, auth, id);
  assertEditable(auth, role);
  if (body.permissions)
    assertGrantable(
      auth,
      body.permissions.filter((p) => !role.permissions.includes(p)),
    );
  await ctx.db.transaction(async (tx) => {
    if (body.name && body.name.toLowerCase() !== role.name.toLowerCase()) {
      if (await repo.findRoleByName(tx, role.orgId, body.name)) throw conflict('role.name_taken');
    }
    await repo.updateRoleRow(tx, id, {
      ...(body.name ? { name: body.name } : {}),
      ...(body.default_page ? { defaultPage: body.default_page } : {}),
    });
    if (body.permissions) await repo.replacePermissions(tx, id, body.permissions);
    await writeAudit(tx, request, {
      action: 'update',
      entity: 'role',
      entityId: id,
      orgId: role.orgId,
      before: { name: role.name, default_page: role.defaultPage, permissions: role.permissions },
      after: body,
    });
  });
  return getRole(ctx, auth, id);
}

export async function deleteRole(ctx: ServiceContext, auth: AuthContext, id: number, request: FastifyRequest) {
  const role = await visibleRole(ctx, auth, id);
  assertEditable(auth, role);
  await ctx.db.transaction(async (tx) => {
    const count = await repo.countAllUsersOfRole(tx, id);
    if (count > 0) throw conflict('role.in_use', { count });
    await repo.deleteRoleRow(tx, id);
    await writeAudit(tx, request, {
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
  auth: AuthContext,
  id: number,
  locale: Locale,
): Promise<TPermissionGroups> {
  const granted = new Set(id === 0 ? [] : (await visibleRole(ctx, auth, id)).permissions);
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
