import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import { exportMakers } from './maker-export.js';
import * as makers from './makers.service.js';

export async function makerRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  registerEndpoint(app, api.maker.list, ({ actor, query }) => makers.listMakers(ctx, actor, query));
  registerEndpoint(app, api.maker.export, ({ actor, query }) => exportMakers(ctx, actor, query));
  registerEndpoint(app, api.maker.info, ({ actor, params }) => makers.getMaker(ctx, actor, params.id));
  registerEndpoint(app, api.maker.create, ({ actor, body }) => makers.createMaker(ctx, actor, body));
  registerEndpoint(app, api.maker.update, ({ actor, params, body }) => makers.updateMaker(ctx, actor, params.id, body));

  registerEndpoint(app, api.maker.delete, async ({ actor, params }) => {
    await makers.deleteMaker(ctx, actor, params.id);
    return { ok: true as const };
  });
}
