import {
  ZCategoryInfo,
  ZCategoryList,
  ZCategoryTree,
  ZCategoryTreeQuery,
  ZCreateCategory,
  ZIdParam,
  ZListCategoriesQuery,
  ZOk,
  ZReorderCategories,
  ZUpdateCategory,
} from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../lib/context.js';
import { errorResponses } from '../../lib/responses.js';
import { actorOf } from '../../plugins/auth.js';
import * as categories from './categories.service.js';

const tags = ['categories'];
const view = ['show_categories_page'] as const;
/** The tree feeds the product form's picker, so the product screens may read it too. */
const pick = ['show_categories_page', 'show_products_page'] as const;
const edit = ['edit_categories'] as const;

export async function categoryRoutes(instance: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/category/list',
    {
      config: { permissions: view },
      schema: {
        tags,
        summary: 'Children of one parent (the top level without parent_id), with product and child counts',
        querystring: ZListCategoriesQuery,
        response: { 200: ZCategoryList, ...errorResponses },
      },
    },
    (request) => categories.listCategories(ctx, actorOf(request), request.query),
  );

  app.get(
    '/v1/category/tree',
    {
      config: { permissions: pick },
      schema: {
        tags,
        summary: 'Every visible category as a flat list, for pickers',
        querystring: ZCategoryTreeQuery,
        response: { 200: ZCategoryTree, ...errorResponses },
      },
    },
    (request) => categories.categoryTree(ctx, actorOf(request), request.query.org_id),
  );

  app.get(
    '/v1/category/info/:id',
    {
      config: { permissions: view },
      schema: { tags, params: ZIdParam, response: { 200: ZCategoryInfo, ...errorResponses } },
    },
    (request) => categories.getCategory(ctx, actorOf(request), request.params.id),
  );

  app.post(
    '/v1/category/create',
    {
      config: { permissions: edit },
      schema: {
        tags,
        summary: 'Create a category at the end of its level',
        body: ZCreateCategory,
        response: { 200: ZCategoryInfo, ...errorResponses },
      },
    },
    (request) => categories.createCategory(ctx, actorOf(request), request.body),
  );

  app.post(
    '/v1/category/update/:id',
    {
      config: { permissions: edit },
      schema: { tags, params: ZIdParam, body: ZUpdateCategory, response: { 200: ZCategoryInfo, ...errorResponses } },
    },
    (request) => categories.updateCategory(ctx, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/v1/category/reorder',
    {
      config: { permissions: edit },
      schema: {
        tags,
        summary: 'Set the order of all children of one parent',
        body: ZReorderCategories,
        response: { 200: ZOk, ...errorResponses },
      },
    },
    async (request) => {
      await categories.reorderCategories(ctx, actorOf(request), request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/v1/category/delete/:id',
    {
      config: { permissions: edit },
      schema: {
        tags,
        summary: 'Delete a category without subcategories or products',
        params: ZIdParam,
        response: { 200: ZOk, ...errorResponses },
      },
    },
    async (request) => {
      await categories.deleteCategory(ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
}
