import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import { localeOf } from '../../plugins/error-handler.js';
import * as roles from './roles.service.js';

export async function roleRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  registerEndpoint(app, api.role.list, async ({ actor }) => ({ items: await roles.listRoles(ctx, actor) }));
  registerEndpoint(app, api.role.info, ({ actor, params }) => roles.getRole(ctx, actor, params.id));
  registerEndpoint(app, api.role.create, ({ actor, body }) => roles.createRole(ctx, actor, body));
  registerEndpoint(app, api.role.update, ({ actor, params, body }) => roles.updateRole(ctx, actor, params.id, body));

  registerEndpoint(app, api.role.delete, async ({ actor, params }) => {
    await roles.deleteRole(ctx, actor, params.id);
    return { ok: true as const };
  });

  registerEndpoint(app, api.role.permissionGroups, ({ actor, params, request }) =>
    roles.permissionGroups(ctx, actor, params.id, localeOf(request)),
  );

  registerEndpoint(app, api.role.setPermissions, ({ actor, body }) =>
    roles.updateRole(ctx, actor, body.role_id, { permissions: body.permissions }),
  );

  registerEndpoint(app, api.role.options, async ({ actor, query }) => ({
    items: await roles.assignableRoles(ctx, actor, { orgId: query.org_id }),
  }));
}
