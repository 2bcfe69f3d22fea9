import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import * as groups from './user-groups.service.js';

export async function userGroupRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const g = api.userGroup;
  registerEndpoint(app, g.list, ({ actor, query }) => groups.listGroups(ctx, actor, query));
  registerEndpoint(app, g.info, ({ actor, params }) => groups.getGroup(ctx, actor, params.id));
  registerEndpoint(app, g.create, ({ actor, body }) => groups.createGroup(ctx, actor, body));
  registerEndpoint(app, g.update, ({ actor, params, body }) => groups.renameGroup(ctx, actor, params.id, body.name));
  registerEndpoint(app, g.delete, async ({ actor, params }) => {
    await groups.deleteGroup(ctx, actor, params.id);
    return { ok: true as const };
  });
  registerEndpoint(app, g.members, ({ actor, params, query }) => groups.listMembers(ctx, actor, params.id, query));
  registerEndpoint(app, g.importPhones, ({ actor, params, body }) =>
    groups.importPhones(ctx, actor, params.id, body.text),
  );
  registerEndpoint(app, g.removePhone, ({ actor, params, body }) =>
    groups.removePhone(ctx, actor, params.id, body.phone),
  );
}
