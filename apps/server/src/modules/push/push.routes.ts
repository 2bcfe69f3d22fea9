import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import * as push from './push.service.js';

export async function pushRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const p = api.push;
  registerEndpoint(app, p.list, ({ actor, query }) => push.listMessages(ctx, actor, query));
  registerEndpoint(app, p.info, ({ actor, params }) => push.getMessage(ctx, actor, params.id));
  registerEndpoint(app, p.preview, ({ actor, body }) => push.previewMessage(ctx, actor, body));
  registerEndpoint(app, p.create, ({ actor, body }) => push.createMessage(ctx, actor, body));
  registerEndpoint(app, p.cancel, ({ actor, params }) => push.cancelMessage(ctx, actor, params.id));
  registerEndpoint(app, p.recipients, ({ actor, query }) => push.searchRecipients(ctx, actor, query));
}
