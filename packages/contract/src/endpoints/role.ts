import { defineEndpoint } from '../endpoint.js';
import { ZIdParam, ZOk } from '../resources/common.js';
import {
  ZCreateRole,
  ZPermissionGroups,
  ZPermissionGroupsParam,
  ZRole,
  ZRoleList,
  ZRoleOptions,
  ZRoleOptionsQuery,
  ZSetRolePermissions,
  ZUpdateRole,
} from '../resources/role.js';

const tag = 'roles';
const view = ['show_users_roles_page'] as const;
const edit = ['edit_roles'] as const;

export const roleApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/role/list',
    tag,
    summary: 'Roles visible to the caller',
    permissions: view,
    response: ZRoleList,
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/v1/role/info/:id',
    summary: 'A role with its permissions',
    tag,
    permissions: view,
    params: ZIdParam,
    response: ZRole,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/v1/role/create',
    summary: 'Create a role',
    tag,
    permissions: edit,
    body: ZCreateRole,
    response: ZRole,
    errors: [409],
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/v1/role/update/:id',
    summary: "Change a role's name, permissions or default page",
    tag,
    permissions: edit,
    params: ZIdParam,
    body: ZUpdateRole,
    response: ZRole,
    errors: [409],
  }),
  /** Answers 409 with a message while users still hold the role. */
  delete: defineEndpoint({
    method: 'POST',
    path: '/v1/role/delete/:id',
    summary: 'Delete a role no user holds',
    tag,
    permissions: edit,
    params: ZIdParam,
    response: ZOk,
    errors: [409],
  }),
  /** Titles come in the caller's language (`Lang`). */
  permissionGroups: defineEndpoint({
    method: 'GET',
    path: '/v1/permission/list-group/:id',
    tag,
    summary: 'The permission catalogue by area, marked with what role {id} holds (0 for a new role)',
    permissions: view,
    params: ZPermissionGroupsParam,
    response: ZPermissionGroups,
  }),
  setPermissions: defineEndpoint({
    method: 'POST',
    path: '/v1/permission/create',
    tag,
    summary: "Set a role's permissions",
    permissions: edit,
    body: ZSetRolePermissions,
    response: ZRole,
    // 409: the change would leave no platform administrator.
    errors: [404, 409],
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/v1/user/roles',
    tag,
    summary: 'Roles the caller may assign or switch to; with org_id, those a user of that organisation may hold',
    permissions: ['show_users_page', 'show_users_roles_page', 'switch_role'],
    query: ZRoleOptionsQuery,
    response: ZRoleOptions,
  }),
};
