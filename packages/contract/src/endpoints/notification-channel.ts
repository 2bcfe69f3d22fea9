import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZIdParam, ZOk } from '../resources/common.js';
import {
  ZChannelTest,
  ZChannelTestResult,
  ZCreateNotificationChannel,
  ZListNotificationChannelsQuery,
  ZNotificationChannel,
  ZNotificationChannelList,
  ZUpdateNotificationChannel,
  ZWhatsAppVerifyQuery,
  ZWhatsAppWebhookReceived,
} from '../resources/notification-channel.js';

const tag = 'notification channels';
const permissions = ['show_notification_system_page'] as const;

/** §2 `/notification/system/channel`: Telegram bots, SMTP mail and WhatsApp numbers the notifications go out through. */
export const notificationChannelApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/notification/channel/list',
    tag,
    permissions,
    query: ZListNotificationChannelsQuery,
    response: ZNotificationChannelList,
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/v1/notification/channel/info/:id',
    tag,
    permissions,
    params: ZIdParam,
    response: ZNotificationChannel,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/v1/notification/channel/create',
    tag,
    summary: 'A channel with its credentials, stored sealed; the secret is answered masked',
    permissions,
    body: ZCreateNotificationChannel,
    response: ZNotificationChannel,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/v1/notification/channel/update/:id',
    tag,
    summary: 'An empty secret keeps the stored one',
    permissions,
    params: ZIdParam,
    body: ZUpdateNotificationChannel,
    response: ZNotificationChannel,
  }),
  activate: defineEndpoint({
    method: 'POST',
    path: '/v1/notification/channel/activate/:id',
    tag,
    permissions,
    params: ZIdParam,
    response: ZNotificationChannel,
  }),
  deactivate: defineEndpoint({
    method: 'POST',
    path: '/v1/notification/channel/deactivate/:id',
    tag,
    permissions,
    params: ZIdParam,
    response: ZNotificationChannel,
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/v1/notification/channel/delete/:id',
    tag,
    permissions,
    params: ZIdParam,
    response: ZOk,
  }),
  test: defineEndpoint({
    method: 'POST',
    path: '/v1/notification/channel/test/:id',
    tag,
    summary: 'Send a test message to a recipient now; answers whether the service took it and, if not, what it said',
    permissions,
    params: ZIdParam,
    body: ZChannelTest,
    response: ZChannelTestResult,
  }),
  whatsappVerify: defineEndpoint({
    method: 'GET',
    path: '/v1/notification/whatsapp/webhook/:id',
    tag,
    summary: 'Meta’s webhook subscription handshake: answers hub.challenge when hub.verify_token is the channel’s',
    isPublic: true,
    params: ZIdParam,
    query: ZWhatsAppVerifyQuery,
    response: z.string(),
    format: 'text',
    errors: [403],
  }),
  whatsappWebhook: defineEndpoint({
    method: 'POST',
    path: '/v1/notification/whatsapp/webhook/:id',
    tag,
    summary: 'Message status webhooks of the channel’s WhatsApp app (raw body, verified by X-Hub-Signature-256)',
    isPublic: true,
    params: ZIdParam,
    response: ZWhatsAppWebhookReceived,
    errors: [401],
  }),
};
