import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import { listProgrammingTasks, programTags } from './programmer.service.js';
import { storageRoutes } from './storage.routes.js';
import { exportTags } from './tag-export.js';
import * as tagService from './tags.service.js';

export async function tagRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  registerEndpoint(app, api.tag.list, ({ actor, query }) => tagService.listTags(ctx, actor, query));
  registerEndpoint(app, api.tag.export, ({ actor, query }) => exportTags(ctx, actor, query));
  registerEndpoint(app, api.tag.counts, ({ actor, query }) => tagService.countTags(ctx, actor, query));
  registerEndpoint(app, api.tag.info, ({ actor, params }) => tagService.getTag(ctx, actor, params.id));
  registerEndpoint(app, api.tag.writeOff, ({ actor, body }) =>
    tagService.applyTagAction(ctx, actor, 'write_off', body),
  );
  registerEndpoint(app, api.tag.remove, ({ actor, body }) => tagService.applyTagAction(ctx, actor, 'remove', body));
  registerEndpoint(app, api.tag.program, ({ actor, body }) => programTags(ctx, actor, body));
  registerEndpoint(app, api.tag.programmingTasks, ({ actor }) => listProgrammingTasks(ctx, actor));

  await app.register(storageRoutes, { ctx });
}
