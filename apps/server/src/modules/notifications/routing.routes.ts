import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import * as routing from './routing.service.js';

export async function notificationRoutingRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  registerEndpoint(app, api.notificationRouting.info, ({ actor, query }) =>
    routing.getRouting(ctx, actor, query.org_id),
  );
  registerEndpoint(app, api.notificationRouting.update, ({ actor, body }) => routing.updateRouting(ctx, actor, body));
  registerEndpoint(app, api.notificationRouting.log, ({ actor, query }) => routing.deliveryLog(ctx, actor, query));
}
