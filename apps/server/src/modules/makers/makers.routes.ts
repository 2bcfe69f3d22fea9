import { ZCreateMaker, ZIdParam, ZListMakersQuery, ZMaker, ZMakerList, ZOk, ZUpdateMaker } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../lib/context.js';
import { errorResponses } from '../../lib/responses.js';
import { actorOf } from '../../plugins/auth.js';
import * as makers from './makers.service.js';

const tags = ['makers'];
/** The list also feeds the product form's maker picker. */
const view = ['show_maker_page', 'show_products_page'] as const;
const edit = ['edit_makers'] as const;

export async function makerRoutes(instance: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/maker/list',
    {
      config: { permissions: view },
      schema: {
        tags,
        summary: 'Makers of the visible organisations with their product counts',
        querystring: ZListMakersQuery,
        response: { 200: ZMakerList, ...errorResponses },
      },
    },
    (request) => makers.listMakers(ctx, actorOf(request), request.query),
  );

  app.get(
    '/v1/maker/info/:id',
    { config: { permissions: view }, schema: { tags, params: ZIdParam, response: { 200: ZMaker, ...errorResponses } } },
    (request) => makers.getMaker(ctx, actorOf(request), request.params.id),
  );

  app.post(
    '/v1/maker/create',
    {
      config: { permissions: edit },
      schema: {
        tags,
        summary: 'Create a maker in org_id, or in the caller’s organisation',
        body: ZCreateMaker,
        response: { 200: ZMaker, ...errorResponses },
      },
    },
    (request) => makers.createMaker(ctx, actorOf(request), request.body),
  );

  app.post(
    '/v1/maker/update/:id',
    {
      config: { permissions: edit },
      schema: { tags, params: ZIdParam, body: ZUpdateMaker, response: { 200: ZMaker, ...errorResponses } },
    },
    (request) => makers.updateMaker(ctx, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/v1/maker/delete/:id',
    {
      config: { permissions: edit },
      schema: {
        tags,
        summary: 'Delete a maker no product refers to',
        params: ZIdParam,
        response: { 200: ZOk, ...errorResponses },
      },
    },
    async (request) => {
      await makers.deleteMaker(ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
}
