import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import { applyTemplateToMany, templateMicromarkets } from './apply-many.service.js';
import {
  applyTemplate,
  cancelSchedule,
  createSchedule,
  micromarketPlanogram,
  planogramTags,
} from './planograms.service.js';
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from './templates.service.js';

export async function planogramRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  registerEndpoint(app, api.planogram.templates, ({ actor, query }) => listTemplates(ctx, actor, query));
  registerEndpoint(app, api.planogram.createTemplate, ({ actor, body }) => createTemplate(ctx, actor, body));
  registerEndpoint(app, api.planogram.updateTemplate, ({ actor, params, body }) =>
    updateTemplate(ctx, actor, params.id, body),
  );
  registerEndpoint(app, api.planogram.deleteTemplate, async ({ actor, params }) => {
    await deleteTemplate(ctx, actor, params.id);
    return { ok: true as const };
  });
  registerEndpoint(app, api.planogram.templateMicromarkets, ({ actor, params }) =>
    templateMicromarkets(ctx, actor, params.id),
  );
  registerEndpoint(app, api.planogram.applyToMany, ({ actor, params, body }) =>
    applyTemplateToMany(ctx, actor, params.id, body),
  );
  registerEndpoint(app, api.planogram.micromarket, ({ actor, params }) => micromarketPlanogram(ctx, actor, params.id));
  registerEndpoint(app, api.planogram.apply, ({ actor, params, body }) => applyTemplate(ctx, actor, params.id, body));
  registerEndpoint(app, api.planogram.schedule, ({ actor, params, body }) =>
    createSchedule(ctx, actor, params.id, body),
  );
  registerEndpoint(app, api.planogram.cancelSchedule, ({ actor, params }) => cancelSchedule(ctx, actor, params.id));
  registerEndpoint(app, api.planogram.tags, ({ actor, params }) => planogramTags(ctx, actor, params.id));
}
