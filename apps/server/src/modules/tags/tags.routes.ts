import {
  ZIdParam,
  ZListTagsQuery,
  ZProgramResult,
  ZProgramTags,
  ZTag,
  ZTagAction,
  ZTagActionResult,
  ZTagCounts,
  ZTagCountsQuery,
  ZTagList,
} from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../lib/context.js';
import { errorResponses } from '../../lib/responses.js';
import { actorOf } from '../../plugins/auth.js';
import { programTags } from './programmer.service.js';
import { storageRoutes } from './storage.routes.js';
import * as tagService from './tags.service.js';

const tags = ['tags'];
const view = ['show_products_tag_page'] as const;
const manage = ['manage_tags'] as const;

export async function tagRoutes(instance: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/tag/list',
    {
      config: { permissions: view },
      schema: {
        tags,
        summary: 'Tags of the visible organisations, newest first, a page per cursor',
        querystring: ZListTagsQuery,
        response: { 200: ZTagList, ...errorResponses },
      },
    },
    (request) => tagService.listTags(ctx, actorOf(request), request.query),
  );

  app.get(
    '/v1/tag/counts',
    {
      config: { permissions: view },
      schema: {
        tags,
        summary: 'How many tags match the filters in each status, for the status tabs',
        querystring: ZTagCountsQuery,
        response: { 200: ZTagCounts, ...errorResponses },
      },
    },
    (request) => tagService.countTags(ctx, actorOf(request), request.query),
  );

  app.get(
    '/v1/tag/info/:id',
    { config: { permissions: view }, schema: { tags, params: ZIdParam, response: { 200: ZTag, ...errorResponses } } },
    (request) => tagService.getTag(ctx, actorOf(request), request.params.id),
  );

  for (const [path, action] of [
    ['/v1/tag/write-off', 'write_off'],
    ['/v1/tag/remove', 'remove'],
  ] as const) {
    app.post(
      path,
      {
        config: { permissions: manage },
        schema: {
          tags,
          summary: `${action === 'write_off' ? 'Write off' : 'Remove'} tags, all or none`,
          body: ZTagAction,
          response: { 200: ZTagActionResult, ...errorResponses },
        },
      },
      (request) => tagService.applyTagAction(ctx, actorOf(request), action, request.body),
    );
  }

  app.post(
    '/v1/tag/program',
    {
      config: { permissions: ['program_tags'] },
      schema: {
        tags,
        summary: 'Write codes for a product: a new storage batch of new tags',
        body: ZProgramTags,
        response: { 200: ZProgramResult, ...errorResponses },
      },
    },
    (request) => programTags(ctx, actorOf(request), request.body),
  );

  await app.register(storageRoutes, { ctx });
}
