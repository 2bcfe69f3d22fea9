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
  registerEndpoint(app, api.notificationChannel.list, ({ actor, query }) => channels.listChannels(ctx, actor, query));
  registerEndpoint(app, api.notificationChannel.info, ({ actor, params }) =>
    channels.getChannel(ctx, actor, params.id),
  );
  registerEndpoint(app, api.notificationChannel.create, ({ actor, body }) =>
    channels.createChannel(ctx, endpoints, actor, body),
  );
  registerEndpoint(app, api.notificationChannel.update, ({ actor, params, body }) =>
    channels.updateChannel(ctx, endpoints, actor, params.id, body),
  );
  registerEndpoint(app, api.notificationChannel.activate, ({ actor, params }) =>
    channels.setChannelActive(ctx, actor, params.id, true),
  );
  registerEndpoint(app, api.notificationChannel.deactivate, ({ actor, params }) =>
    channels.setChannelActive(ctx, actor, params.id, false),
  );
  registerEndpoint(app, api.notificationChannel.delete, async ({ actor, params }) => {
    await channels.deleteChannel(ctx, actor, params.id);
    return { ok: true as const };
  });
  registerEndpoint(app, api.notificationChannel.test, ({ actor, params, body }) =>
    channels.testChannel(ctx, endpoints, actor, params.id, body.recipient),
  );
  registerEndpoint(app, api.notificationChannel.whatsappVerify, ({ params, query }) =>
    verifyWhatsAppSubscription(ctx, params.id, query),
  );
  // The signature covers the body byte for byte, so this route reads it as text, whatever its type.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    registerEndpoint(raw, api.notificationChannel.whatsappWebhook, ({ params, request }) =>
      receiveWhatsAppWebhook(ctx, params.id, {
        rawBody: typeof request.body === 'string' ? request.body : '',
        signature: request.headers['x-hub-signature-256'] as string | undefined,
      }),
    );
  });
}
