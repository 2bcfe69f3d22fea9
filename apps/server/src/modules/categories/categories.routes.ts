import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import * as categories from './categories.service.js';
import { exportCategories } from './category-export.js';

export async function categoryRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  registerEndpoint(app, api.category.list, ({ actor, query }) => categories.listCategories(ctx, actor, query));
  registerEndpoint(app, api.category.export, ({ actor, query }) => exportCategories(ctx, actor, query));
  registerEndpoint(app, api.category.tree, ({ actor, query }) => categories.categoryTree(ctx, actor, query.org_id));
  registerEndpoint(app, api.category.info, ({ actor, params }) => categories.getCategory(ctx, actor, params.id));
  registerEndpoint(app, api.category.create, ({ actor, body }) => categories.createCategory(ctx, actor, body));
  registerEndpoint(app, api.category.update, ({ actor, params, body }) =>
    categories.updateCategory(ctx, actor, params.id, body),
  );

  registerEndpoint(app, api.category.reorder, async ({ actor, body }) => {
    await categories.reorderCategories(ctx, actor, body);
    return { ok: true as const };
  });

  registerEndpoint(app, api.category.delete, async ({ actor, params }) => {
    await categories.deleteCategory(ctx, actor, params.id);
    return { ok: true as const };
  });
}
