import {
  ZCreateRole,
  ZIdParam,
  ZOk,
  ZPermissionGroups,
  ZPermissionGroupsParam,
  ZRole,
  ZRoleList,
  ZRoleOptions,
  ZSetRolePermissions,
  ZUpdateRole,
} from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../lib/context.js';
import { errorResponses } from '../../lib/responses.js';
import { actorOf } from '../../plugins/auth.js';
import { localeOf } from '../../plugins/error-handler.js';
import * as roles from './roles.service.js';

const tags = ['roles'];
const view = ['show_users_roles_page'] as const;
const edit = ['edit_roles'] as const;

export async function roleRoutes(instance: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/role/list',
    {
      config: { permissions: view },
      schema: { tags, summary: 'Roles visible to the caller', response: { 200: ZRoleList, ...errorResponses } },
    },
    async (request) => ({ items: await roles.listRoles(ctx, actorOf(request)) }),
  );

  app.get(
    '/v1/role/info/:id',
    { config: { permissions: view }, schema: { tags, params: ZIdParam, response: { 200: ZRole, ...errorResponses } } },
    (request) => roles.getRole(ctx, actorOf(request), request.params.id),
  );

  app.post(
    '/v1/role/create',
    { config: { permissions: edit }, schema: { tags, body: ZCreateRole, response: { 200: ZRole, ...errorResponses } } },
    (request) => roles.createRole(ctx, actorOf(request), request.body),
  );

  app.post(
    '/v1/role/update/:id',
    {
      config: { permissions: edit },
      schema: { tags, params: ZIdParam, body: ZUpdateRole, response: { 200: ZRole, ...errorResponses } },
    },
    (request) => roles.updateRole(ctx, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/v1/role/delete/:id',
    { config: { permissions: edit }, schema: { tags, params: ZIdParam, response: { 200: ZOk, ...errorResponses } } },
    async (request) => {
      await roles.deleteRole(ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/v1/permission/list-group/:id',
    {
      config: { permissions: view },
      schema: {
        tags,
        summary: 'The permission catalogue by area, marked with what role {id} holds (0 for a new role)',
        params: ZPermissionGroupsParam,
        response: { 200: ZPermissionGroups, ...errorResponses },
      },
    },
    (request) => roles.permissionGroups(ctx, actorOf(request), request.params.id, localeOf(request)),
  );

  app.post(
    '/v1/permission/create',
    {
      config: { permissions: edit },
      schema: {
        tags,
        summary: "Set a role's permissions",
        body: ZSetRolePermissions,
        response: { 200: ZRole, ...errorResponses },
      },
    },
    (request) =>
      roles.updateRole(ctx, actorOf(request), request.body.role_id, { permissions: request.body.permissions }),
  );

  app.get(
    '/v1/user/roles',
    {
      config: { permissions: ['show_users_page', 'show_users_roles_page', 'switch_role'] },
      schema: {
        tags,
        summary: 'Roles the caller may assign or switch to',
        response: { 200: ZRoleOptions, ...errorResponses },
      },
    },
    async (request) => ({ items: await roles.assignableRoles(ctx, actorOf(request)) }),
  );
}
