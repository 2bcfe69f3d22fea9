import { z } from 'zod';
import { DEFAULT_PAGES } from '../enums.js';
import { isPermission, PERMISSION_AREAS } from '../permissions.js';
import { INT4_MAX, requiredText, storableString, ZId, ZIdQuery } from './common.js';

export const ZPermissionName = storableString().refine(isPermission, { error: 'validation.unknown_permission' });

export const ZRole = z.object({
  id: z.number().int(),
  name: z.string(),
  default_page: z.enum(DEFAULT_PAGES),
  permissions: z.array(z.string()),
  /** null for platform roles, shared by every organisation. */
  org_id: z.number().int().nullable(),
  users_count: z.number().int(),
});
export type TRole = z.infer<typeof ZRole>;
export const ZRoleList = z.object({ items: z.array(ZRole) });

const roleFields = {
  name: requiredText(80),
  default_page: z.enum(DEFAULT_PAGES),
  permissions: z.array(ZPermissionName).max(200),
};
export const ZCreateRole = z.object({
  name: roleFields.name,
  default_page: roleFields.default_page.default('dashboard'),
  permissions: roleFields.permissions.default([]),
});
export type TCreateRole = z.input<typeof ZCreateRole>;
/** No defaults here: a field left out of an update keeps its value. */
export const ZUpdateRole = z.object(roleFields).partial();
export type TUpdateRole = z.input<typeof ZUpdateRole>;

/** Body of POST /v1/permission/create: the permission set a role holds. */
export const ZSetRolePermissions = z.object({
  role_id: ZId,
  permissions: z.array(ZPermissionName).max(200),
});

/** The role of GET /v1/permission/list-group/{id}: an id, or 0 for a role not yet created. */
export const ZPermissionGroupsParam = z.object({ id: z.coerce.number().int().min(0).max(INT4_MAX) });

/** GET /v1/permission/list-group/{id}: the catalogue by area, marked for a role. */
export const ZPermissionGroups = z.object({
  role_id: z.number().int(),
  groups: z.array(
    z.object({
      area: z.enum(PERMISSION_AREAS),
      title: z.string(),
      permissions: z.array(z.object({ name: z.string(), title: z.string(), granted: z.boolean() })),
    }),
  ),
});
export type TPermissionGroups = z.infer<typeof ZPermissionGroups>;

/** GET /v1/user/roles: with `org_id`, only the roles a user of that organisation may hold. */
export const ZRoleOptionsQuery = z.object({ org_id: ZIdQuery });

/** GET /v1/user/roles: the roles the caller may assign. */
export const ZRoleOptions = z.object({
  items: z.array(z.object({ id: z.number().int(), name: z.string(), org_id: z.number().int().nullable() })),
});
