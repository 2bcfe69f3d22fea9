import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import * as groups from './user-groups.service.js';

export async function userGroupRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  registerEndpoint(app, api.userGroup.list, ({ actor, query }) => groups.listGroups(ctx, actor, query));
  registerEndpoint(app, api.userGroup.info, ({ actor, params }) => groups.getGroup(ctx, actor, params.id));
  registerEndpoint(app, api.userGroup.create, ({ actor, body }) => groups.createGroup(ctx, actor, body));
  registerEndpoint(app, api.userGroup.update, ({ actor, params, body }) =>
    groups.renameGroup(ctx, actor, params.id, body.name),
  );
  registerEndpoint(app, api.userGroup.delete, async ({ actor, params }) => {
    await groups.deleteGroup(ctx, actor, params.id);
    return { ok: true as const };
  });
  registerEndpoint(app, api.userGroup.members, ({ actor, params, query }) =>
    groups.listMembers(ctx, actor, params.id, query),
  );
  registerEndpoint(app, api.userGroup.importPhones, ({ actor, params, body }) =>
    groups.importPhones(ctx, actor, params.id, body.text),
  );
  registerEndpoint(app, api.userGroup.removePhone, ({ actor, params, body }) =>
    groups.removePhone(ctx, actor, params.id, body.phone),
  );
}
