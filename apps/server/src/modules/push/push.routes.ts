import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import * as push from './push.service.js';

export async function pushRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  registerEndpoint(app, api.push.list, ({ actor, query }) => push.listMessages(ctx, actor, query));
  registerEndpoint(app, api.push.info, ({ actor, params }) => push.getMessage(ctx, actor, params.id));
  registerEndpoint(app, api.push.preview, ({ actor, body }) => push.previewMessage(ctx, actor, body));
  registerEndpoint(app, api.push.create, ({ actor, body }) => push.createMessage(ctx, actor, body));
  registerEndpoint(app, api.push.cancel, ({ actor, params }) => push.cancelMessage(ctx, actor, params.id));
  registerEndpoint(app, api.push.recipients, ({ actor, query }) => push.searchRecipients(ctx, actor, query));
}
