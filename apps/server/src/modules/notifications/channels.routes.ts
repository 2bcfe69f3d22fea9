import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import type { ChannelEndpoints } from './channel-clients.js';
import * as channels from './channels.service.js';
import { receiveWhatsAppWebhook, verifyWhatsAppSubscription } from './whatsapp-webhook.js';

export async function notificationChannelRoutes(
  app: FastifyInstance,
  { ctx, endpoints }: { ctx: ServiceContext; endpoints: ChannelEndpoints },
) {
  const c = api.notificationChannel;
  registerEndpoint(app, c.list, ({ actor, query }) => channels.listChannels(ctx, actor, query));
  registerEndpoint(app, c.info, ({ actor, params }) => channels.getChannel(ctx, actor, params.id));
  registerEndpoint(app, c.create, ({ actor, body }) => channels.createChannel(ctx, endpoints, actor, body));
  registerEndpoint(app, c.update, ({ actor, params, body }) =>
    channels.updateChannel(ctx, endpoints, actor, params.id, body),
  );
  registerEndpoint(app, c.activate, ({ actor, params }) => channels.setChannelActive(ctx, actor, params.id, true));
  registerEndpoint(app, c.deactivate, ({ actor, params }) => channels.setChannelActive(ctx, actor, params.id, false));
  registerEndpoint(app, c.delete, async ({ actor, params }) => {
    await channels.deleteChannel(ctx, actor, params.id);
    return { ok: true as const };
  });
  registerEndpoint(app, c.test, ({ actor, params, body }) =>
    channels.testChannel(ctx, endpoints, actor, params.id, body.recipient),
  );
  registerEndpoint(app, c.whatsappVerify, ({ params, query }) => verifyWhatsAppSubscription(ctx, params.id, query));
  // The signature covers the body byte for byte, so this route reads it as text, whatever its type.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    registerEndpoint(raw, c.whatsappWebhook, ({ params, request }) =>
      receiveWhatsAppWebhook(ctx, params.id, {
        rawBody: typeof request.body === 'string' ? request.body : '',
        signature: request.headers['x-hub-signature-256'] as string | undefined,
      }),
    );
  });
}
