import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import * as routing from './routing.service.js';

export async function notificationRoutingRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const r = api.notificationRouting;
  registerEndpoint(app, r.info, ({ actor, query }) => routing.getRouting(ctx, actor, query.org_id));
  registerEndpoint(app, r.update, ({ actor, body }) => routing.updateRouting(ctx, actor, body));
  registerEndpoint(app, r.log, ({ actor, query }) => routing.deliveryLog(ctx, actor, query));
}
