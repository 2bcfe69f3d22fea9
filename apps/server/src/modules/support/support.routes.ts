import { api, type SupportKind } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import { readUpload } from '../../plugins/multipart.js';
import * as support from './support.service.js';

const readAttachment = (request: Parameters<typeof readUpload>[0]) =>
  readUpload(request, {
    accept: support.ATTACHMENT_TYPES,
    tooLarge: 'upload.document_too_large',
    wrongType: 'upload.not_document',
  });

/** The calls chats and tickets share, for one kind. */
function threadRoutes(
  app: FastifyInstance,
  ctx: ServiceContext,
  kind: SupportKind,
  a: typeof api.support | typeof api.ticket,
) {
  registerEndpoint(app, a.list, ({ actor, query }) => support.listThreads(ctx, actor, kind, query));
  registerEndpoint(app, a.info, ({ actor, params }) => support.getThread(ctx, actor, kind, params.id));
  registerEndpoint(app, a.create, ({ actor, body }) => support.createThread(ctx, actor, kind, body));
  registerEndpoint(app, a.comment, ({ actor, params, body }) =>
    support.commentThread(ctx, actor, kind, params.id, body.text),
  );
  registerEndpoint(app, a.attach, async ({ actor, params, request }) =>
    support.attachToThread(ctx, actor, kind, params.id, await readAttachment(request)),
  );
  registerEndpoint(app, a.take, ({ actor, params }) => support.moveThread(ctx, actor, kind, params.id, 'take'));
  registerEndpoint(app, a.return, ({ actor, params }) => support.moveThread(ctx, actor, kind, params.id, 'return'));
  registerEndpoint(app, a.resolve, ({ actor, params }) => support.moveThread(ctx, actor, kind, params.id, 'resolve'));
}

export async function supportRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  threadRoutes(app, ctx, 'chat', api.support);
  threadRoutes(app, ctx, 'ticket', api.ticket);
  registerEndpoint(app, api.ticket.cancel, ({ actor, params }) =>
    support.moveThread(ctx, actor, 'ticket', params.id, 'cancel'),
  );
  registerEndpoint(app, api.ticket.reject, ({ actor, params }) =>
    support.moveThread(ctx, actor, 'ticket', params.id, 'reject'),
  );
  registerEndpoint(app, api.ticket.update, ({ actor, params, body }) =>
    support.updateTicket(ctx, actor, params.id, body),
  );
  registerEndpoint(app, api.ticket.assignees, ({ actor, query }) => support.ticketAssignees(ctx, actor, query));
  registerEndpoint(app, api.support.customers, ({ actor, query }) => support.supportCustomers(ctx, actor, query));
  registerEndpoint(app, api.support.micromarkets, ({ actor, query }) => support.supportMicromarkets(ctx, actor, query));
}
