import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import * as storage from './storage.service.js';

/** Storage batches: what each programmer call wrote, and where those tags are now. */
export async function storageRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  registerEndpoint(app, api.tag.storageList, ({ actor, query }) => storage.listBatches(ctx, actor, query));
  registerEndpoint(app, api.tag.storageInfo, ({ actor, params }) => storage.getBatch(ctx, actor, params.id));
}
