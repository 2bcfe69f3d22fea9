import { ZIdParam, ZListStorageQuery, ZStorageBatch, ZStorageList } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../lib/context.js';
import { errorResponses } from '../../lib/responses.js';
import { actorOf } from '../../plugins/auth.js';
import * as storage from './storage.service.js';

const tags = ['storage'];
const view = ['show_products_storage_page'] as const;

/** Storage batches: what each programmer call wrote, and where those tags are now. */
export async function storageRoutes(instance: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/storage/list',
    {
      config: { permissions: view },
      schema: {
        tags,
        summary: 'Storage batches of the visible organisations, newest first, with tag counts and status',
        querystring: ZListStorageQuery,
        response: { 200: ZStorageList, ...errorResponses },
      },
    },
    (request) => storage.listBatches(ctx, actorOf(request), request.query),
  );

  app.get(
    '/v1/storage/info/:id',
    {
      config: { permissions: view },
      schema: { tags, params: ZIdParam, response: { 200: ZStorageBatch, ...errorResponses } },
    },
    (request) => storage.getBatch(ctx, actorOf(request), request.params.id),
  );
}
