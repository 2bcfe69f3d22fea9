import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import { listMicromarketOptions } from './micromarkets.repository.js';

export async function micromarketRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  registerEndpoint(app, api.device.options, async ({ actor }) => ({
    items: await listMicromarketOptions(ctx.db, actor.scope.visibleIds),
  }));
}
