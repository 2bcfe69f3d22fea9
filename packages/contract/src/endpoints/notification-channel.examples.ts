import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZNotificationChannel } from '../resources/notification-channel.js';
import type { api } from './index.js';
import { OK_EXAMPLE } from './shared.examples.js';

const NOTIFICATION_CHANNEL_EXAMPLE: z.input<typeof ZNotificationChannel> = {
  id: 101,
  org_id: 101,
  org_name: 'Kyiv Snacks LLC',
  type: 1,
  name: 'Operations chat',
  active: true,
  host: 'Host',
  port: 1,
  secure: true,
  username: 'Anna Koval',
  from_address: 'From address',
  phone_number_id: '+380501234567',
  code_template: 'Code template',
  code_template_language: 'Code template language',
  notice_template: 'Notice template',
  notice_template_language: 'Notice template language',
  webhook_url: 'https://panel.example.com/webhook-url',
  webhook_verify_token: 'Webhook verify token',
  secret: 'Secret',
  app_secret: 'App secret',
  last_test_at: '2026-12-03T09:30:00.000Z',
  last_test_error: 'Last test error',
  created_at: '2026-12-03T09:30:00.000Z',
};

export const notificationChannelExamples: AreaExamples<(typeof api)['notificationChannel']> = {
  list: {
    items: [NOTIFICATION_CHANNEL_EXAMPLE],
    total: 1,
  },
  info: NOTIFICATION_CHANNEL_EXAMPLE,
  create: NOTIFICATION_CHANNEL_EXAMPLE,
  update: NOTIFICATION_CHANNEL_EXAMPLE,
  activate: NOTIFICATION_CHANNEL_EXAMPLE,
  deactivate: NOTIFICATION_CHANNEL_EXAMPLE,
  delete: OK_EXAMPLE,
  test: {
    ok: true,
    error: 'Card declined',
    channel: NOTIFICATION_CHANNEL_EXAMPLE,
  },
  whatsappVerify: 'challenge-7f3a',
  whatsappWebhook: {
    received: true,
    statuses: 1,
  },
};
