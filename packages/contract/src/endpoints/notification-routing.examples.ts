import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZNotificationRouting } from '../resources/notification-routing.js';
import type { api } from './index.js';

const NOTIFICATION_ROUTING_EXAMPLE: z.input<typeof ZNotificationRouting> = {
  org_id: 101,
  rules: [
    {
      event: 'technical_alert',
      channel_id: 101,
      recipients: ['Recipient'],
      to_operators: true,
      channel_name: 'Operations chat',
      channel_type: 1,
    },
  ],
  channels: [
    {
      id: 101,
      name: 'Operations chat',
      type: 1,
      active: true,
    },
  ],
};

export const notificationRoutingExamples: AreaExamples<(typeof api)['notificationRouting']> = {
  info: NOTIFICATION_ROUTING_EXAMPLE,
  update: NOTIFICATION_ROUTING_EXAMPLE,
  log: {
    items: [
      {
        id: 101,
        event: 'technical_alert',
        channel_id: 101,
        channel_name: 'Operations chat',
        recipient: 'Recipient',
        subject: 'Subject',
        text: 'Thank you, the door closes properly now',
        status: 'queued',
        attempts: 1,
        error: 'Card declined',
        parts: 1,
        whatsapp_status: 'accepted',
        fallback_to: 'Fallback to',
        created_at: '2026-12-03T09:30:00.000Z',
        sent_at: '2026-12-03T09:30:00.000Z',
      },
    ],
    total: 1,
  },
};
