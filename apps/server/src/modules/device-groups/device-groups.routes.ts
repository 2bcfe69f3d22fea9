import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import * as groups from './device-groups.service.js';

export async function deviceGroupRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  registerEndpoint(app, api.deviceGroup.list, ({ actor, query }) => groups.listGroups(ctx, actor, query));
  registerEndpoint(app, api.deviceGroup.info, ({ actor, params }) => groups.getGroup(ctx, actor, params.id));
  registerEndpoint(app, api.deviceGroup.create, ({ actor, body }) => groups.createGroup(ctx, actor, body));
  registerEndpoint(app, api.deviceGroup.update, ({ actor, params, body }) =>
    groups.updateGroup(ctx, actor, params.id, body),
  );
  registerEndpoint(app, api.deviceGroup.couriers, ({ actor, query }) => groups.routeCouriers(ctx, actor, query.org_id));
  registerEndpoint(app, api.deviceGroup.delete, async ({ actor, params }) => {
    await groups.deleteGroup(ctx, actor, params.id);
    return { ok: true as const };
  });
}
