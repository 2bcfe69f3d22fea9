import { ZMicromarketOptions } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../lib/context.js';
import { errorResponses } from '../../lib/responses.js';
import { actorOf } from '../../plugins/auth.js';
import { listMicromarketOptions } from './micromarkets.repository.js';

export async function micromarketRoutes(instance: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/device/options',
    {
      // The tag and storage screens filter by micromarket, so their viewers need the list too.
      config: { permissions: ['show_products_tag_page', 'show_device_page', 'show_products_storage_page'] },
      schema: {
        tags: ['micromarkets'],
        summary: 'Micromarkets of the visible organisations, for pickers and filters',
        response: { 200: ZMicromarketOptions, ...errorResponses },
      },
    },
    async (request) => ({ items: await listMicromarketOptions(ctx.db, actorOf(request).scope.visibleIds) }),
  );
}
